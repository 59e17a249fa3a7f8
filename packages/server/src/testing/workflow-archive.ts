/**
 * A NOMAD archive file (`*.archive.json`) whose `workflow2` has a task graph, for tests of the workflow
 * graph card: `inputs` systems as the workflow's inputs (more than the card's default of six), a geometry
 * optimisation sub-workflow of two steps, a single point reading its result, and three outputs.
 */
export function workflowArchive({ inputs = 8 }: { inputs?: number } = {}) {
  const system = (i: number) => `#/run/0/system/${i}`;
  return {
    metadata: { entry_name: 'Relax and compute' },
    workflow2: {
      name: 'Relax and compute',
      inputs: Array.from({ length: inputs }, (_, i) => ({ name: `input system ${i}`, section: system(i) })),
      outputs: [
        { name: 'relaxed system', section: system(inputs + 1) },
        { name: 'ground state', section: '#/run/0/calculation/2' },
        { name: 'optimisation energies', section: '#/run/0/calculation/1' },
      ],
      tasks: [
        {
          m_def: 'nomad.datamodel.metainfo.workflow.Workflow',
          name: 'GeometryOptimization',
          inputs: [{ name: 'input system', section: system(0) }],
          outputs: [{ name: 'relaxed system', section: system(inputs + 1) }],
          tasks: [
            {
              name: 'relaxation step 1',
              inputs: [{ name: 'initial system', section: system(0) }],
              outputs: [{ name: 'intermediate system', section: system(inputs) }],
            },
            {
              name: 'relaxation step 2',
              inputs: [{ name: 'intermediate system', section: system(inputs) }],
              outputs: [
                { name: 'relaxed system', section: system(inputs + 1) },
                { name: 'optimisation energies', section: '#/run/0/calculation/1' },
              ],
            },
          ],
        },
        {
          name: 'SinglePoint',
          inputs: [{ name: 'relaxed system', section: system(inputs + 1) }],
          outputs: [{ name: 'ground state', section: '#/run/0/calculation/2' }],
        },
      ],
    },
  };
}
