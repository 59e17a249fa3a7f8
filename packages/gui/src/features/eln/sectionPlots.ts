import type { Data, Layout } from 'plotly.js';
import {
  isObject,
  itemSection,
  type Definitions,
  type Json,
  type QuantityDefinition,
  type SectionDefinition,
} from './elnModel.ts';
import { pathSegments, PlotPathError, resolvePlotPath } from './plotPaths.ts';

/**
 * The figures a notebook's data asks for (spec 3 §9): the plot annotations of its sections' definitions
 * (`plotly_graph_object`, `plotly_express`, and the older `plot` with x/y paths), whose '#' paths name the
 * section's own quantities, and the figures a PlotSection stores in its data (`figures`).
 */
export interface SectionFigure {
  /** Where the figure comes from: the data path of its section and the figure's place there. */
  key: string;
  label: string;
  data: Data[];
  layout: Partial<Layout>;
  /** Why the figure cannot be drawn (spec 3 §8's texts); then it has no data. */
  error?: string;
}

/** Figures per data, and sections visited per data: a generated notebook is shown in part, not hung on. */
const MAX_FIGURES = 50;
const MAX_SECTIONS = 2000;

export const AXES_LENGTH_ERROR = 'The length of provided x axes and y axes do not match!';
export const X_UNITS_ERROR = 'Different units are provided for x data. Multi xAxis plot is not supported!';

/** The quantity a path ends at, in the section it starts from (for axis titles); undefined if deeper. */
const quantityAt = (section: SectionDefinition | undefined, path: string): QuantityDefinition | undefined => {
  const name = pathSegments(path).join('/');
  return section?.quantities.find((quantity) => quantity.name === name);
};

const axisTitle = (section: SectionDefinition | undefined, path: string) => {
  const quantity = quantityAt(section, path);
  const name = quantity?.name ?? pathSegments(path).pop() ?? path;
  return quantity?.unit ? `${name} (${quantity.unit})` : name;
};

/** A trace's fields given as '#paths' replaced by the values they name. */
const resolvedTrace = (section: Json, trace: Json): Data => {
  const resolved: Json = {};
  for (const [key, value] of Object.entries(trace))
    resolved[key] =
      typeof value === 'string' && value.startsWith('#') && key !== 'name'
        ? resolvePlotPath(section, value)
        : value;
  return resolved as Data;
};

/** A figure's traces (one or a list), their '#' paths resolved. */
const traces = (values: Json, data: unknown): Data[] =>
  (Array.isArray(data) ? data : [data]).filter(isObject).map((trace) => resolvedTrace(values, trace));

/** NOMAD keeps each annotation as a list; one that was a list already may be nested once more. */
const annotationItems = (section: SectionDefinition | undefined, name: string): Json[] => {
  const annotation = section?.m_annotations?.[name];
  const items = Array.isArray(annotation) ? annotation.flat() : annotation === undefined ? [] : [annotation];
  return items.filter(isObject);
};

const layoutOf = (item: Json): Partial<Layout> =>
  isObject(item.layout) ? (item.layout as Partial<Layout>) : {};

const labelOf = (item: Json, fallback: string): string => {
  const title = isObject(item.layout) ? item.layout.title : undefined;
  const titleText = isObject(title) ? title.text : title;
  if (typeof item.label === 'string') return item.label;
  return typeof titleText === 'string' ? titleText : fallback;
};

const EXPRESS_MODES: Record<string, string> = { line: 'lines', scatter: 'markers' };

/** A plotly-express call as the traces it draws (scatter and line: markers and lines). */
const expressTraces = (section: Json, item: Json): Data[] => {
  const calls = [item, ...(Array.isArray(item.traces) ? item.traces.filter(isObject) : [])];
  return calls.map((call) => ({
    type: 'scatter',
    mode: EXPRESS_MODES[String(call.method ?? 'scatter')] ?? 'markers',
    x: typeof call.x === 'string' ? resolvePlotPath(section, call.x) : call.x,
    y: typeof call.y === 'string' ? resolvePlotPath(section, call.y) : call.y,
  })) as Data[];
};

/**
 * plotly_subplots: its plotly-express calls in a grid of `parameters.rows` x `parameters.cols`, each on
 * axes of its own titled as its layout says.
 */
const subplots = (values: Json, item: Json) => {
  const calls = (Array.isArray(item.plotly_express) ? item.plotly_express : [item.plotly_express]).filter(
    isObject,
  );
  const parameters = isObject(item.parameters) ? item.parameters : {};
  const cols = typeof parameters.cols === 'number' ? parameters.cols : calls.length;
  const rows = typeof parameters.rows === 'number' ? parameters.rows : Math.ceil(calls.length / cols);
  const layout: Record<string, unknown> = {
    grid: { rows, columns: cols, pattern: 'independent' },
    ...layoutOf(item),
  };
  const data = calls.flatMap((call, index) => {
    const suffix = index === 0 ? '' : String(index + 1);
    const own = layoutOf(call) as Record<string, unknown>;
    if (own.xaxis) layout[`xaxis${suffix}`] = own.xaxis;
    if (own.yaxis) layout[`yaxis${suffix}`] = own.yaxis;
    return expressTraces(values, call).map((trace) => ({
      ...trace,
      xaxis: `x${suffix}`,
      yaxis: `y${suffix}`,
    }));
  });
  return { data: data as Data[], layout: layout as Partial<Layout> };
};

const asList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);

/** The older `plot` annotation: x and y paths (y may be several), lines per y, layout and config. */
const pathTraces = (values: Json, section: SectionDefinition | undefined, item: Json) => {
  const xs = asList(item.x);
  const ys = asList(item.y);
  if (xs.length === 0 || ys.length === 0)
    throw new PlotPathError(`Could not resolve the path ${String(item.x ?? item.y)}`);
  if (xs.length > 1 && xs.length !== ys.length) throw new PlotPathError(AXES_LENGTH_ERROR);
  if (new Set(xs.map((x) => quantityAt(section, x)?.unit ?? '')).size > 1)
    throw new PlotPathError(X_UNITS_ERROR);
  const lines = Array.isArray(item.lines) ? item.lines.filter(isObject) : [];
  const data = ys.map((y, index) => ({
    type: 'scatter',
    mode: 'lines',
    name: axisTitle(section, y),
    ...lines[index],
    x: resolvePlotPath(values, xs[xs.length > 1 ? index : 0]!),
    y: resolvePlotPath(values, y),
  })) as Data[];
  const layout: Partial<Layout> = {
    xaxis: { title: { text: axisTitle(section, xs[0]!) } },
    yaxis: { title: { text: ys.length === 1 ? axisTitle(section, ys[0]!) : '' } },
    showlegend: ys.length > 1,
    ...layoutOf(item),
  };
  return { data, layout };
};

/** The figures of one section's annotations and stored figures; each failure stays its own figure's. */
const figuresOfSection = (given: Json, section: SectionDefinition | undefined, at: string) => {
  const name = section?.name ?? 'Plot';
  // A quantity without a value has its definition's default, as NOMAD reads it.
  const values: Json = {
    ...Object.fromEntries(
      (section?.quantities ?? []).flatMap((quantity) =>
        quantity.default === undefined ? [] : [[quantity.name, quantity.default]],
      ),
    ),
    ...given,
  };
  const figures: SectionFigure[] = [];
  const add = (key: string, item: Json, build: () => { data: Data[]; layout: Partial<Layout> }) => {
    const label = labelOf(item, name);
    try {
      figures.push({ key: `${at}:${key}`, label, ...build() });
    } catch (error) {
      if (!(error instanceof PlotPathError)) throw error;
      figures.push({ key: `${at}:${key}`, label, data: [], layout: {}, error: error.message });
    }
  };
  annotationItems(section, 'plotly_graph_object').forEach((item, index) =>
    add(`graph_object/${index}`, item, () => ({ data: traces(values, item.data), layout: layoutOf(item) })),
  );
  annotationItems(section, 'plotly_express').forEach((item, index) =>
    add(`express/${index}`, item, () => ({ data: expressTraces(values, item), layout: layoutOf(item) })),
  );
  annotationItems(section, 'plotly_subplots').forEach((item, index) =>
    add(`subplots/${index}`, item, () => subplots(values, item)),
  );
  annotationItems(section, 'plot').forEach((item, index) =>
    add(`plot/${index}`, item, () => pathTraces(values, section, item)),
  );
  // A PlotSection's stored figures: {label, figure: {data, layout}}, or the figure itself. NOMAD's
  // normalizer copies the graph-object annotations there: those are drawn once, from the annotation.
  const annotated = new Set(
    annotationItems(section, 'plotly_graph_object').map((item) =>
      JSON.stringify({ data: item.data, layout: item.layout }),
    ),
  );
  (Array.isArray(values.figures) ? values.figures.filter(isObject) : []).forEach((stored, index) => {
    const figure = isObject(stored.figure) ? stored.figure : stored;
    if (annotated.has(JSON.stringify({ data: figure.data, layout: figure.layout }))) return;
    add(
      `figures/${index}`,
      { ...figure, ...(typeof stored.label === 'string' ? { label: stored.label } : {}) },
      () => ({ data: traces(values, figure.data), layout: layoutOf(figure) }),
    );
  });
  return figures;
};

/** Every figure of the data, section by section from the root, sub-sections in their definition order. */
export const sectionFigures = (definitions: Definitions, data: Json, mainfile: string): SectionFigure[] => {
  const figures: SectionFigure[] = [];
  let visited = 0;
  const visit = (values: Json, section: SectionDefinition | undefined, at: string) => {
    if (figures.length >= MAX_FIGURES || ++visited > MAX_SECTIONS) return;
    figures.push(...figuresOfSection(values, section, at));
    for (const sub of section?.sub_sections ?? []) {
      const value = values[sub.name];
      const items = Array.isArray(value) ? value : [value];
      items.forEach((item, index) => {
        if (!isObject(item)) return;
        const path = `${at}/${sub.name}${Array.isArray(value) ? `/${index}` : ''}`;
        visit(item, itemSection(definitions, sub.section, item, mainfile), path);
      });
    }
  };
  visit(data, definitions.sections[definitions.root], 'data');
  return figures.slice(0, MAX_FIGURES);
};
