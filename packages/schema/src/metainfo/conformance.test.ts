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

  it('accepts the base definition and the variants by m_def, checking each by its own definition', () => {
    expect(
      conformanceProblems({ workflow2: { m_def: 'nomad.datamodel.metainfo.workflow.Workflow', name: 'x' } }),
    ).toEqual([]);
    const md = {
      m_def: 'simulationworkflowschema.MolecularDynamics',
      method: { thermodynamic_ensemble: 'NVT', thermostat_parameters: [{ thermostat_type: 'berendsen' }] },
    };
    expect(conformanceProblems({ workflow2: md })).toEqual([]);
    expect(
      conformanceProblems({ workflow2: { ...md, m_def: 'simulationworkflowschema.SinglePoint' } }).map(
        (p) => p.path,
      ),
    ).toEqual(['workflow2/method/thermodynamic_ensemble', 'workflow2/method/thermostat_parameters']);
  });

  it("takes NOMAD's complex mesh points as real numbers and its Any parameters as any JSON value", () => {
    const method = {
      k_mesh: { dimensionality: 3, points: [[0, 0, 0]] },
      dft: { xc_functional: { hybrid: [{ name: 'HYB_GGA_XC_HSE06', parameters: { omega: 0.11 } }] } },
    };
    expect(conformanceProblems({ run: [{ method: [method] }] })).toEqual([]);
    expect(
      conformanceProblems({ run: [{ method: [{ k_mesh: { points: [['0', 0, 0]] } }] }] }).map((p) => p.path),
    ).toEqual(['run/0/method/0/k_mesh/points']);
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
        workflow2: { m_def: 'simulationworkflowschema.GW', name: 'GW' },
      }).map(({ path, problem }) => `${path}: ${problem}`),
    ).toEqual([
      'run/0/program/name: 3 is not a str',
      "run/0/program/colour: Program defines no 'colour'",
      'run/0/system/0/atoms/positions: has 2 values where the shape says 3',
      "run/0/method: 'method' repeats: expected a list of sections",
      expect.stringMatching(
        /^workflow2\/m_def: 'simulationworkflowschema.GW' names no known definition of Workflow/,
      ),
    ]);
  });
});
