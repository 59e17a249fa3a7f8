import { isSection, type ArchiveSection } from './model.ts';

/**
 * Plots of a section (NOMAD's plot annotations): `m_annotations.plot` or `a_plot` names the x and y
 * quantities by paths relative to the section (one plot or a list of plots), and ELN sections carry
 * ready Plotly figures in `figures[*].figure`.
 */
export interface SectionPlot {
  label: string;
  data: Record<string, unknown>[];
  layout: Record<string, unknown>;
}

interface PlotAnnotation {
  label?: string;
  x?: string | string[];
  y?: string | string[];
  lines?: Record<string, unknown>[];
  layout?: Record<string, unknown>;
}

/** A value by a path relative to a section ('energies', 'total/0/value', 'total:0/value'). */
export function valueAtRelativePath(section: ArchiveSection, path: string): unknown {
  let current: unknown = section;
  for (const part of path
    .replace(/^\.?\//, '')
    .split(/[/:]/)
    .filter((p) => p !== '' && p !== '.')) {
    if (Array.isArray(current) && /^-?\d+$/.test(part)) {
      const index = Number(part);
      current = current[index < 0 ? current.length + index : index];
    } else if (isSection(current)) {
      current = current[part];
    } else {
      return undefined;
    }
  }
  return current;
}

const asList = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...(value as T[])] : [value as T];

const numbers = (value: unknown): number[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'number') ? (value as number[]) : undefined;

function annotationPlots(section: ArchiveSection): SectionPlot[] {
  const annotations = isSection(section.m_annotations) ? section.m_annotations : {};
  const raw = [...asList(annotations.plot as PlotAnnotation | PlotAnnotation[] | undefined)];
  raw.push(...asList(section.a_plot as PlotAnnotation | PlotAnnotation[] | undefined));
  const plots: SectionPlot[] = [];
  for (const candidate of raw) {
    if (!isSection(candidate)) continue;
    const annotation = candidate as PlotAnnotation;
    const xs = asList(annotation.x);
    const ys = asList(annotation.y);
    const data = ys.flatMap((yPath, index) => {
      const y = numbers(valueAtRelativePath(section, yPath));
      const xPath = xs[index] ?? xs[0];
      const x = xPath === undefined ? undefined : numbers(valueAtRelativePath(section, xPath));
      if (!y) return [];
      return [
        {
          type: 'scatter',
          mode: 'lines',
          name: yPath,
          y,
          ...(x ? { x } : {}),
          ...(annotation.lines?.[index] ?? {}),
        },
      ];
    });
    if (data.length === 0) continue;
    const first = xs[0];
    plots.push({
      label: annotation.label ?? ys.join(', '),
      data,
      layout: {
        xaxis: { title: { text: first ?? '' } },
        yaxis: { title: { text: ys.length === 1 ? ys[0] : '' } },
        showlegend: ys.length > 1,
        ...(annotation.layout ?? {}),
      },
    });
  }
  return plots;
}

function figurePlots(section: ArchiveSection): SectionPlot[] {
  const figures = Array.isArray(section.figures) ? section.figures : [];
  return figures.flatMap((item: unknown, index) => {
    if (!isSection(item) || !isSection(item.figure)) return [];
    const { data, layout } = item.figure;
    if (!Array.isArray(data)) return [];
    return [
      {
        label: typeof item.label === 'string' ? item.label : `figure ${index}`,
        data: data.filter(isSection) as Record<string, unknown>[],
        layout: isSection(layout) ? (layout as Record<string, unknown>) : {},
      },
    ];
  });
}

/** The plots a section's lane shows. */
export function sectionPlots(section: ArchiveSection): SectionPlot[] {
  return [...annotationPlots(section), ...figurePlots(section)];
}
