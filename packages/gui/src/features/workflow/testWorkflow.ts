/**
 * A NOMAD workflow2 for the tests: eight inputs (more than the card shows by default), a geometry
 * optimisation workflow with two steps, a single point calculation reading its result, a check without
 * outputs, a reference to the optimisation (in this archive) and one into another entry, and three outputs.
 */
export const OTHER_ENTRY_ID = 'otherEntry0123456789abcdefgh';

export const LONG_INPUT_NAME = 'structure before the relaxation of the slab';

export function testWorkflowArchive() {
  const systems = Array.from({ length: 8 }, (_, i) => ({
    name: i === 7 ? LONG_INPUT_NAME : `input system ${i}`,
    section: `#/run/0/system/${i}`,
  }));
  return {
    workflow2: {
      name: 'Relax and compute',
      inputs: systems,
      outputs: [
        { name: 'relaxed system', section: '#/run/0/system/9' },
        { name: 'ground state', section: '#/run/0/calculation/2' },
        { name: 'band structure', section: `../upload/archive/${OTHER_ENTRY_ID}#/run/0/calculation/0` },
      ],
      tasks: [
        {
          m_def: 'nomad.datamodel.metainfo.workflow.Workflow',
          name: 'GeometryOptimization',
          inputs: [{ name: 'input system', section: '#/run/0/system/0' }],
          outputs: [{ name: 'relaxed system', section: '#/run/0/system/9' }],
          tasks: [
            {
              name: 'step 1',
              inputs: [{ section: '#/run/0/system/0' }],
              outputs: [{ section: '#/run/0/system/8' }, { section: '#/run/0/calculation/0' }],
            },
            {
              name: 'step 2',
              inputs: [{ section: '#/run/0/system/8' }],
              outputs: [{ section: '#/run/0/system/9' }, { section: '#/run/0/calculation/1' }],
            },
          ],
        },
        {
          name: 'SinglePoint',
          inputs: [{ name: 'relaxed system', section: '#/run/0/system/9' }],
          outputs: [{ name: 'ground state', section: '#/run/0/calculation/2' }],
        },
        { m_def: 'nomad.datamodel.metainfo.workflow.TaskReference', task: '#/workflow2/tasks/0' },
        { name: 'Check', inputs: [{ name: 'ground state', section: '#/run/0/calculation/2' }] },
        {
          m_def: 'nomad.datamodel.metainfo.workflow.TaskReference',
          name: 'Band structure',
          task: `../upload/archive/${OTHER_ENTRY_ID}#/workflow2`,
        },
      ],
    },
  };
}
