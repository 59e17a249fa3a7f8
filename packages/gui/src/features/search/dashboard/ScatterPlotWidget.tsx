import type { ScatterPlotWidgetConfig } from '@oasis/schema';
import HighlightAltIcon from '@mui/icons-material/HighlightAlt';
import PanToolIcon from '@mui/icons-material/PanTool';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import { Alert, IconButton, Tooltip } from '@mui/material';
import type { Data, Layout } from 'plotly.js';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSearchContext, type FilterDefinition, type RangeValue } from '../context/index.ts';
import { COLOR_RANGE, SCATTER_POINT_SIZE } from './constants.ts';
import { ScatterFigure, type PlotClick, type PlotSelection } from './ScatterFigure.tsx';
import { scatterPoints, valueReader, type ScatterPoints } from './scatterData.ts';
import { useQuantityUnit, type QuantityUnit } from './useQuantityUnit.ts';
import { useScatterEntries } from './useScatterEntries.ts';
import { WIDGET_HEADER_HEIGHT, WidgetCard } from './WidgetCard.tsx';
import { widgetTitle, type WidgetProps } from './widgetProps.ts';

const DRAG_MODE_BUTTONS: readonly {
  mode: ScatterPlotWidgetConfig['drag_mode'];
  label: string;
  icon: typeof ZoomInIcon;
}[] = [
  { mode: 'zoom', label: 'Zoom', icon: ZoomInIcon },
  { mode: 'pan', label: 'Pan', icon: PanToolIcon },
  { mode: 'select', label: 'Select', icon: HighlightAltIcon },
];

const COLORSCALE: [number, string][] = [
  [0, COLOR_RANGE[0]],
  [1, COLOR_RANGE[1]],
];

/**
 * Entries of the current search as points of two quantities, optionally coloured by a third. Clicking
 * a point opens its entry; a box selection (drag mode select) filters both axes to the box.
 */
export function ScatterPlotWidget(props: WidgetProps<ScatterPlotWidgetConfig>) {
  const { widget, height, onEdit, onRemove, onChange } = props;
  const { app, definitions, setFilters, filters } = useSearchContext();
  const navigate = useNavigate();
  const { x, y } = widget;
  const color = widget.markers?.color;
  const xDefinition = definitions[x.search_quantity];
  const yDefinition = definitions[y.search_quantity];
  const colorDefinition = color ? definitions[color.search_quantity] : undefined;
  const xUnit = useQuantityUnit(xDefinition, x.unit);
  const yUnit = useQuantityUnit(yDefinition, y.unit);
  const colorUnit = useQuantityUnit(colorDefinition, color?.unit);
  const quantities = [x.search_quantity, y.search_quantity, ...(color ? [color.search_quantity] : [])];
  const entries = useScatterEntries(widget.size, quantities);

  const points = useMemo(
    () =>
      scatterPoints((entries.data?.data ?? []) as Record<string, unknown>[], {
        x: x.search_quantity,
        y: y.search_quantity,
        ...(color ? { color: color.search_quantity } : {}),
        read: {
          x: valueReader(xUnit.toDisplay, xDefinition?.dtype === 'timestamp'),
          y: valueReader(yUnit.toDisplay, yDefinition?.dtype === 'timestamp'),
          color: valueReader(colorUnit.toDisplay, colorDefinition?.dtype === 'timestamp'),
        },
      }),
    [
      entries.data,
      x.search_quantity,
      y.search_quantity,
      color,
      xUnit,
      yUnit,
      colorUnit,
      xDefinition,
      yDefinition,
      colorDefinition,
    ],
  );
  const colorTitle = color ? axisTitle(color.title, colorDefinition, color.search_quantity, colorUnit) : '';
  const data = useMemo(() => traces(points, colorTitle), [points, colorTitle]);
  const dragMode = widget.drag_mode;
  const xTitle = axisTitle(x.title, xDefinition, x.search_quantity, xUnit);
  const yTitle = axisTitle(y.title, yDefinition, y.search_quantity, yUnit);
  const layout = useMemo<Partial<Layout>>(
    () => ({
      autosize: true,
      margin: { l: 60, r: 20, t: 10, b: 50 },
      font: { family: 'Titillium Web, sans-serif' },
      dragmode: dragMode,
      hovermode: 'closest',
      showlegend: data.length > 1,
      // With autorange the axes follow every new set of points; without, they keep the user's zoom.
      uirevision: widget.autorange === false ? widget.id : JSON.stringify(points.entryIds.length),
      xaxis: axisLayout(xTitle, x.scale, xDefinition),
      yaxis: axisLayout(yTitle, y.scale, yDefinition),
    }),
    [
      dragMode,
      data.length,
      widget.autorange,
      widget.id,
      points,
      xTitle,
      yTitle,
      x.scale,
      y.scale,
      xDefinition,
      yDefinition,
    ],
  );

  const onPointClick = (event: PlotClick) => {
    const entryId = event.points[0]?.customdata;
    if (typeof entryId === 'string')
      void navigate(`/search/${app.path}/entry/id/${encodeURIComponent(entryId)}`);
  };
  const onSelect = (event: PlotSelection) => {
    const xRange = selectionRange(event.range?.x, xDefinition, xUnit);
    const yRange = selectionRange(event.range?.y, yDefinition, yUnit);
    if (!xRange || !yRange) return;
    setFilters({ ...filters, [x.search_quantity]: xRange, [y.search_quantity]: yRange });
  };

  const title = widget.title || `${yTitle} vs. ${xTitle}`;
  const actions = DRAG_MODE_BUTTONS.map(({ mode, label, icon: Icon }) => (
    <Tooltip key={mode} title={label} enterDelay={400}>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={dragMode === mode}
        color={dragMode === mode ? 'primary' : 'default'}
        onClick={() => onChange({ ...widget, drag_mode: mode })}
      >
        <Icon fontSize="small" />
      </IconButton>
    </Tooltip>
  ));

  return (
    <WidgetCard
      title={title}
      description={widget.description}
      actions={actions}
      onEdit={onEdit}
      onRemove={onRemove}
    >
      {entries.error ? <Alert severity="error">{entries.error.message}</Alert> : null}
      <ScatterFigure
        data={data}
        layout={layout}
        height={Math.max(100, height - WIDGET_HEADER_HEIGHT - 8)}
        label={title}
        onPointClick={onPointClick}
        onSelect={onSelect}
      />
    </WidgetCard>
  );
}

function axisTitle(
  title: string | undefined,
  definition: FilterDefinition | undefined,
  quantity: string,
  unit: QuantityUnit,
): string {
  const text = widgetTitle(undefined, definition, quantity, title);
  return unit.label ? `${text} (${unit.label})` : text;
}

function axisLayout(title: string, scale: string | undefined, definition: FilterDefinition | undefined) {
  return {
    title: { text: title },
    type:
      definition?.dtype === 'timestamp'
        ? ('date' as const)
        : scale === 'log'
          ? ('log' as const)
          : ('linear' as const),
    autorange: true,
  };
}

/** Numeric colours use the dark-blue-to-orange scale; categories get one trace (and legend entry) each. */
function traces(points: ScatterPoints, colorTitle: string): Data[] {
  const base = { type: 'scatter' as const, mode: 'markers' as const, hoverinfo: 'x+y' as const };
  const colors = points.color;
  if (!colors || colors.every((value) => typeof value === 'number')) {
    return [
      {
        ...base,
        x: points.x,
        y: points.y,
        customdata: points.entryIds,
        marker: {
          size: SCATTER_POINT_SIZE,
          ...(colors
            ? {
                color: colors as number[],
                colorscale: COLORSCALE,
                showscale: true,
                colorbar: { title: { text: colorTitle } },
              }
            : { color: COLOR_RANGE[0] }),
        },
      },
    ];
  }
  const categories = [...new Set(colors.map(String))];
  return categories.map((category, index) => {
    const indices = colors.flatMap((value, i) => (String(value) === category ? [i] : []));
    const position = categories.length > 1 ? index / (categories.length - 1) : 0;
    return {
      ...base,
      name: category,
      x: indices.map((i) => points.x[i]!),
      y: indices.map((i) => points.y[i]!),
      customdata: indices.map((i) => points.entryIds[i]!),
      marker: { size: SCATTER_POINT_SIZE, color: mix(position) },
    };
  });
}

/** A colour between the two ends of the colour range. */
function mix(position: number): string {
  const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  const [from, to] = [channels(COLOR_RANGE[0]), channels(COLOR_RANGE[1])];
  const rgb = from.map((value, i) => Math.round(value + (to[i]! - value) * position));
  return `rgb(${rgb.join(', ')})`;
}

/** A selected axis interval as a gte/lte filter in the stored unit (ISO strings for dates). */
function selectionRange(
  range: readonly (number | string)[] | undefined,
  definition: FilterDefinition | undefined,
  unit: QuantityUnit,
): RangeValue | undefined {
  if (!range || range.length < 2) return undefined;
  const [a, b] = [plotValue(range[0]), plotValue(range[1])];
  if (!Number.isFinite(a) || !Number.isFinite(b)) return undefined;
  const [low, high] = a <= b ? [a, b] : [b, a];
  if (definition?.dtype === 'timestamp') {
    return { gte: new Date(low).toISOString(), lte: new Date(high).toISOString() };
  }
  return { gte: unit.fromDisplay(low), lte: unit.fromDisplay(high) };
}

/** Plotly reports date-axis positions as 'YYYY-MM-DD hh:mm:ss' in UTC; numbers as they are. */
function plotValue(value: number | string | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const number = Number(value);
  if (value.trim() !== '' && Number.isFinite(number)) return number;
  const iso = value.trim().replace(' ', 'T');
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
}
