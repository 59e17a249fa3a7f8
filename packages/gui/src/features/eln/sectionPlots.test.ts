import { describe, expect, it } from 'vitest';
import type { Definitions, QuantityDefinition } from './elnModel.ts';
import { resolvePlotPath } from './plotPaths.ts';
import { AXES_LENGTH_ERROR, sectionFigures, X_UNITS_ERROR } from './sectionPlots.ts';
import { testSection } from './testSections.ts';

const quantity = (name: string, unit?: string): QuantityDefinition => ({
  name,
  defined_by: 'schema.archive.yaml#/definitions/section_definitions/0',
  type: { type_kind: 'numpy', type_data: 'float64' },
  shape: ['*'],
  ...(unit ? { unit } : {}),
});

const section = testSection;

const ROOT = 'schema.archive.yaml#/definitions/section_definitions/0';
const STEP = 'schema.archive.yaml#/definitions/section_definitions/1';

const definitions = (annotations: Record<string, unknown>): Definitions => ({
  root: ROOT,
  sections: {
    [ROOT]: section('Evaporation', {
      quantities: [quantity('time', 's'), quantity('pressure', 'mbar'), quantity('temperature', 'K')],
      sub_sections: [{ name: 'steps', repeats: true, section: STEP }],
      m_annotations: annotations,
    }),
    [STEP]: section('Step', {
      quantities: [quantity('duration', 's')],
      m_annotations: { plot: [{ label: 'Step', x: 'duration', y: 'duration' }] },
    }),
  },
});

const data = {
  time: [0, 1, 2, 3],
  pressure: [1e-6, 2e-6, 3e-6, 4e-6],
  temperature: [300, 310, 320, 330],
  steps: [{ duration: [1, 2] }],
};

describe('resolvePlotPath', () => {
  const values = { data: [{ value: 1 }, { value: 2 }, { value: 3 }], time: [0, 1, 2, 3, 4] };

  it("follows '#' paths, lists item by item, and Python's slices", () => {
    expect(resolvePlotPath(values, '#time')).toEqual([0, 1, 2, 3, 4]);
    expect(resolvePlotPath(values, '#/data/:/value')).toEqual([1, 2, 3]);
    expect(resolvePlotPath(values, 'data/1:/value')).toEqual([2, 3]);
    expect(resolvePlotPath(values, 'time/::2')).toEqual([0, 2, 4]);
    expect(resolvePlotPath(values, 'time/-2:')).toEqual([3, 4]);
    expect(resolvePlotPath(values, 'data/-1/value')).toBe(3);
  });

  it("says which path or slice it cannot follow, in spec 3 §8's words", () => {
    expect(() => resolvePlotPath(values, '#nothing')).toThrow('Could not resolve the path #nothing');
    expect(() => resolvePlotPath(values, 'time/1:x')).toThrow('Invalid slice notation: 1:x');
    expect(() => resolvePlotPath(values, 'time/1:2:3:4')).toThrow('Invalid slice notation: 1:2:3:4');
    expect(() => resolvePlotPath(values, 'time/::0')).toThrow('Invalid slice notation: ::0');
  });
});

describe('sectionFigures', () => {
  it("draws a graph object's traces with the values its '#' paths name, and visits sub-sections", () => {
    const figures = sectionFigures(
      definitions({
        plotly_graph_object: [
          [
            {
              label: 'Pressure and temperature',
              data: [
                { x: '#time', y: '#pressure', name: '#not-a-path' },
                { x: '#time', y: '#temperature', yaxis: 'y2' },
              ],
              layout: { yaxis2: { overlaying: 'y', side: 'right' } },
            },
          ],
        ],
      }),
      data,
      'sample.archive.yaml',
    );
    expect(figures.map((figure) => [figure.key, figure.label])).toEqual([
      ['data:graph_object/0', 'Pressure and temperature'],
      ['data/steps/0:plot/0', 'Step'],
    ]);
    expect(figures[0]!.data).toEqual([
      { x: data.time, y: data.pressure, name: '#not-a-path' },
      { x: data.time, y: data.temperature, yaxis: 'y2' },
    ]);
    expect(figures[1]!.data).toMatchObject([{ x: [1, 2], y: [1, 2], mode: 'lines' }]);
  });

  it('draws plotly express calls as scatter traces, lines for line', () => {
    const [figure] = sectionFigures(
      definitions({
        plotly_express: [
          {
            method: 'line',
            x: '#time',
            y: '#pressure',
            label: 'express',
            traces: [{ x: '#time', y: '#temperature' }],
          },
        ],
      }),
      { ...data, steps: [] },
      'sample.archive.yaml',
    );
    expect(figure).toMatchObject({ label: 'express' });
    expect(figure!.data).toEqual([
      { type: 'scatter', mode: 'lines', x: data.time, y: data.pressure },
      { type: 'scatter', mode: 'markers', x: data.time, y: data.temperature },
    ]);
  });

  it('titles the axes of the older plot annotation with names and units, and names its errors', () => {
    const figures = sectionFigures(
      definitions({
        plot: [
          { label: 'two', x: 'time', y: ['pressure', 'temperature'] },
          { label: 'mismatch', x: ['time', 'time'], y: ['pressure', 'temperature', 'time'] },
          { label: 'units', x: ['time', 'pressure'], y: ['temperature', 'temperature'] },
          { label: 'missing', x: 'time', y: 'humidity' },
        ],
      }),
      { ...data, steps: [] },
      'sample.archive.yaml',
    );
    expect(figures[0]!.layout).toMatchObject({
      xaxis: { title: { text: 'time (s)' } },
      showlegend: true,
    });
    expect(figures[0]!.data.map((trace) => (trace as { name?: string }).name)).toEqual([
      'pressure (mbar)',
      'temperature (K)',
    ]);
    expect(figures.slice(1).map((figure) => figure.error)).toEqual([
      AXES_LENGTH_ERROR,
      X_UNITS_ERROR,
      'Could not resolve the path humidity',
    ]);
  });

  it("shows a PlotSection's stored figures", () => {
    const figures = sectionFigures(
      definitions({}),
      {
        figures: [
          { label: 'stored', figure: { data: [{ x: [1], y: [2] }], layout: { title: { text: 'T' } } } },
          { data: { x: [3], y: [4] }, layout: { title: { text: 'Plot in section level' } } },
        ],
      },
      'sample.archive.yaml',
    );
    expect(figures.map((figure) => [figure.label, figure.data])).toEqual([
      ['stored', [{ x: [1], y: [2] }]],
      ['Plot in section level', [{ x: [3], y: [4] }]],
    ]);
  });

  it("resolves stored figures' paths, and draws NOMAD's copies of annotated figures once", () => {
    const annotated = { data: [{ x: '#time', y: '#pressure' }], layout: { title: { text: 'P' } } };
    const figures = sectionFigures(
      definitions({ plotly_graph_object: [annotated] }),
      {
        ...data,
        steps: [],
        figures: [
          { figure: annotated },
          { label: 'own', figure: { data: { x: '#time', y: '#temperature' } } },
        ],
      },
      'sample.archive.yaml',
    );
    expect(figures.map((figure) => [figure.label, figure.data])).toEqual([
      ['P', [{ x: data.time, y: data.pressure }]],
      ['own', [{ x: data.time, y: data.temperature }]],
    ]);
  });

  it('draws plotly subplots in a grid, and reads quantities without values at their defaults', () => {
    const defs = definitions({
      plotly_subplots: [
        {
          label: 'subplot',
          parameters: { rows: 1, cols: 2 },
          plotly_express: [
            { method: 'scatter', x: '#time', y: '#pressure', layout: { xaxis: { title: { text: 'x1' } } } },
            { method: 'line', x: '#time', y: '#temperature', layout: { yaxis: { title: { text: 'y2' } } } },
          ],
        },
      ],
    });
    const root = defs.sections[defs.root]!;
    root.quantities = root.quantities.map((quantity) =>
      quantity.name === 'time' ? { ...quantity, default: [0, 1] } : quantity,
    );
    const [figure] = sectionFigures(defs, { pressure: [1, 2], temperature: [3, 4] }, 'sample.archive.yaml');
    expect(figure!.data).toEqual([
      { type: 'scatter', mode: 'markers', x: [0, 1], y: [1, 2], xaxis: 'x', yaxis: 'y' },
      { type: 'scatter', mode: 'lines', x: [0, 1], y: [3, 4], xaxis: 'x2', yaxis: 'y2' },
    ]);
    expect(figure!.layout).toEqual({
      grid: { rows: 1, columns: 2, pattern: 'independent' },
      xaxis: { title: { text: 'x1' } },
      yaxis2: { title: { text: 'y2' } },
    });
  });
});
