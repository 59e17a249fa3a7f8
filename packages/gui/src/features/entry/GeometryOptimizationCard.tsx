import { Typography, useTheme } from '@mui/material';
import type { EntryArchive, ResultsGeometryOptimization } from '@oasis/schema';
import type { Data, Layout } from 'plotly.js';
import { useCallback, useMemo } from 'react';
import { Plot } from '../../components/plot/Plot.tsx';
import { ArchivePlot } from './ArchivePlot.tsx';
import { archiveResults } from './archiveResults.ts';
import { prepareGeometryOptimization, type GeometryOptimizationPlotData } from './geometryOptimization.ts';
import {
  CardErrorBoundary,
  PropertyCard,
  PropertySection,
  QuantityGrid,
} from '../../components/PropertyCard.tsx';
import { Quantity } from '../../components/Quantity.tsx';
import type { ArchiveState } from '../../api/entries/types.ts';
import { axisTitle, formatQuantity } from './units.ts';
import { useEntryUnits } from './useEntryUnits.ts';

const PLOT_HEIGHT = 400;

/** Convergence of a geometry optimisation: energy per step and the final changes. */
export function GeometryOptimizationCard({
  optimization,
  archive,
}: {
  optimization: ResultsGeometryOptimization;
  archive: ArchiveState;
}) {
  const units = useEntryUnits();
  const prepare = useCallback(
    (data: EntryArchive) =>
      prepareGeometryOptimization(
        data,
        archiveResults(data)?.properties?.geometry_optimization ?? optimization,
      ),
    [optimization],
  );
  return (
    <PropertyCard title="Geometry optimization">
      <QuantityGrid>
        <Quantity
          label="final energy difference"
          value={formatQuantity(optimization.final_energy_difference, units.energy)}
        />
        <Quantity
          label="final force maximum"
          value={formatQuantity(optimization.final_force_maximum, units.force)}
        />
        <Quantity
          label="final displacement maximum"
          value={formatQuantity(optimization.final_displacement_maximum, units.length)}
        />
      </QuantityGrid>
      {archive.status !== 'none' ? (
        <PropertySection title="Energy convergence">
          <ArchivePlot
            archive={archive}
            prepare={prepare}
            failure="Could not load geometry optimization data."
            height={PLOT_HEIGHT}
          >
            {(data) =>
              data ? (
                <CardErrorBoundary message="Could not load energies.">
                  <EnergyPlot data={data} />
                </CardErrorBoundary>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Fewer than two steps: no energies to plot.
                </Typography>
              )
            }
          </ArchivePlot>
        </PropertySection>
      ) : null}
    </PropertyCard>
  );
}

function EnergyPlot({ data }: { data: GeometryOptimizationPlotData }) {
  const theme = useTheme();
  const { energy } = useEntryUnits();
  const { traces, layout } = useMemo(() => {
    const traces: Data[] = [
      {
        x: data.steps,
        y: data.energyChanges.map(energy.convert),
        type: 'scatter',
        mode: 'lines+markers',
        name: 'E - E(final)',
        line: { color: theme.palette.primary.main, width: 2 },
      },
      {
        x: data.steps.slice(1),
        y: data.stepChanges.map(energy.convert),
        yaxis: 'y2',
        type: 'scatter',
        // Markers too: a two-step run has a single change, which a line alone would not show.
        mode: 'lines+markers',
        name: '|ΔE| per step',
        line: { color: theme.palette.secondary.main, width: 2, dash: 'dot' },
      },
    ];
    const layout: Partial<Layout> = {
      showlegend: true,
      // Above the plot: inside it the legend would cover data or the right axis.
      legend: { orientation: 'h', x: 0, y: 1.02, yanchor: 'bottom' },
      margin: { l: 60, r: 60, t: 40, b: 50 },
      // Whole steps only: Plotly's automatic ticks would put 0.5 steps (shown rounded, so twice '2').
      xaxis: {
        title: { text: 'Step number' },
        dtick: Math.max(1, Math.ceil(data.steps.length / 10)),
        zeroline: false,
      },
      // 'e' notation: Plotly's SI prefixes would write µeV as 'µ' after the number.
      yaxis: { title: { text: axisTitle('E - E(final)', energy) }, zeroline: false, exponentformat: 'e' },
      yaxis2: {
        title: { text: axisTitle('|ΔE| per step', energy) },
        type: 'log',
        // One labelled tick per decade: Plotly's default labels minor log ticks with bare digits.
        dtick: 1,
        tickformat: '.0e',
        overlaying: 'y',
        side: 'right',
        showgrid: false,
      },
    };
    return { traces, layout };
  }, [data, theme, energy]);
  return <Plot data={traces} layout={layout} height={PLOT_HEIGHT} label="geometry optimization energies" />;
}
