import { describe, expect, it } from 'vitest';
import { conformanceProblems } from './conformance.ts';

describe('conformanceProblems', () => {
  it('accepts data that follows the definitions, variants and bookkeeping keys included', () => {
    expect(
      conformanceProblems({
        run: [
          {
            m_def: 'runschema.run.Run',
            program: { name: 'VASP', version: '6.4' },
            system: [
              {
                atoms: {
                  labels: ['Si', 'Si'],
                  positions: [
                    [0, 0, 0],
                    [1e-10, 1e-10, 1e-10],
                  ],
                },
              },
            ],
            calculation: [{ energy: { total: { value: -1.2e-18 } } }],
          },
        ],
        workflow2: {
          m_def: 'simulationworkflowschema.GeometryOptimization',
          results: { final_force_maximum: 1e-11 },
        },
      }),
    ).toEqual([]);
  });

  it('names what is not defined and values of the wrong type or shape', () => {
    expect(
      conformanceProblems({
        run: [
          {
            program: { name: 3, version: '6.4', colour: 'red' },
            system: [{ atoms: { positions: [[0, 0]] } }],
            method: { dft: {} },
          },
        ],
      }).map(({ path, problem }) => `${path}: ${problem}`),
    ).toEqual([
      'run/0/program/name: 3 is not a str',
      "run/0/program/colour: Program defines no 'colour'",
      'run/0/system/0/atoms/positions: has 2 values where the shape says 3',
      "run/0/method: 'method' repeats: expected a list of sections",
    ]);
  });
});
