import { describe, expect, it } from 'vitest';
import {
  hasWorkflowGraph,
  levelCounts,
  levelGraph,
  levelName,
  MAX_LABEL_LENGTH,
  MAX_TASKS,
  nodeLabel,
} from './graph.ts';
import { OTHER_ENTRY_ID, testWorkflowArchive } from './testWorkflow.ts';

const archive = testWorkflowArchive();
const all = { inputs: [0, 1, 2, 3, 4, 5, 6, 7], outputs: [0, 1, 2] };

describe('nodeLabel', () => {
  it('keeps names up to 25 characters and cuts longer ones to 22 plus an ellipsis', () => {
    expect(MAX_LABEL_LENGTH).toBe(25);
    expect(nodeLabel('a'.repeat(25))).toBe('a'.repeat(25));
    expect(nodeLabel('b'.repeat(26))).toBe(`${'b'.repeat(22)}...`);
  });
});

describe('levelGraph', () => {
  it('draws the root workflow: selected inputs, all tasks, selected outputs', () => {
    const graph = levelGraph(archive, [], { inputs: [2, 3], outputs: [0] })!;
    expect(graph.name).toBe('Relax and compute');
    expect(graph.inputs.map((n) => n.name)).toEqual(['input system 2', 'input system 3']);
    expect(graph.outputs.map((n) => n.name)).toEqual(['relaxed system']);
    expect(graph.totals).toEqual({ inputs: 8, tasks: 5, outputs: 3 });
    expect(graph.tasks.map((n) => [n.name, n.type])).toEqual([
      ['GeometryOptimization', 'workflow'],
      ['SinglePoint', 'task'],
      // A reference within the archive takes the name of the task it points to.
      ['GeometryOptimization', 'workflow'],
      ['Check', 'task'],
      ['Band structure', 'workflow'],
    ]);
    expect(graph.tasks[4]).toMatchObject({ entryId: OTHER_ENTRY_ID, expandable: false });
    expect(graph.tasks[0]?.expandable).toBe(true);
  });

  it('links inputs to the tasks reading them, tasks to tasks and tasks to outputs', () => {
    const graph = levelGraph(archive, [], all)!;
    expect(graph.links).toEqual(
      expect.arrayContaining([
        { source: 'input:0', target: 'task:0' },
        { source: 'task:0', target: 'task:1' },
        { source: 'task:0', target: 'output:0' },
        { source: 'task:1', target: 'output:1' },
        { source: 'task:1', target: 'task:3' },
      ]),
    );
    // Input 1 is read by no task.
    expect(graph.links.some((link) => link.source === 'input:1')).toBe(false);
  });

  it('shortens long names in labels but keeps the full name', () => {
    const graph = levelGraph(archive, [], all)!;
    const long = graph.inputs[7]!;
    expect(long.name).toBe('structure before the relaxation of the slab');
    expect(long.label).toBe('structure before the r...');
  });

  it('expands a sub-workflow, names link sections by their kind, and goes back up', () => {
    const inner = levelGraph(archive, [0], { inputs: [0], outputs: [0] })!;
    expect(inner.name).toBe('GeometryOptimization');
    expect(inner.tasks.map((n) => n.name)).toEqual(['step 1', 'step 2']);
    expect(inner.links).toEqual(
      expect.arrayContaining([
        { source: 'input:0', target: 'task:0' },
        { source: 'task:0', target: 'task:1' },
        { source: 'task:1', target: 'output:0' },
      ]),
    );
    const step = levelGraph(archive, [0, 1], { inputs: [0], outputs: [0, 1] })!;
    expect(step.name).toBe('step 2');
    expect(step.inputs.map((n) => n.name)).toEqual(['system']);
    expect(step.outputs.map((n) => n.name)).toEqual(['system', 'calculation']);
    // An elementary task shows itself between its inputs and outputs.
    expect(step.tasks).toMatchObject([{ id: 'self', type: 'task', expandable: false }]);
    expect(step.links).toEqual([
      { source: 'input:0', target: 'self' },
      { source: 'self', target: 'output:0' },
      { source: 'self', target: 'output:1' },
    ]);
    expect(levelName(archive, [0, 1].slice(0, -1))).toBe('GeometryOptimization');
  });

  it('follows task references within the archive and stops at other entries', () => {
    expect(levelGraph(archive, [2], { inputs: [], outputs: [] })?.tasks.map((n) => n.name)).toEqual([
      'step 1',
      'step 2',
    ]);
    expect(levelGraph(archive, [4], { inputs: [], outputs: [] })).toBeUndefined();
    expect(levelGraph(archive, [9], { inputs: [], outputs: [] })).toBeUndefined();
  });

  it('counts inputs and outputs, and tells whether there is a graph at all', () => {
    expect(levelCounts(archive, [])).toEqual({ inputs: 8, outputs: 3 });
    expect(levelCounts(archive, [1])).toEqual({ inputs: 1, outputs: 1 });
    expect(levelCounts(archive, [3])).toEqual({ inputs: 1, outputs: 0 });
    expect(hasWorkflowGraph(archive)).toBe(true);
    expect(hasWorkflowGraph({ workflow2: { name: 'SinglePoint' } })).toBe(false);
    expect(hasWorkflowGraph({})).toBe(false);
  });

  it('draws at most MAX_TASKS tasks of a long workflow', () => {
    const tasks = Array.from({ length: MAX_TASKS + 10 }, (_, i) => ({ name: `step ${i}` }));
    const graph = levelGraph({ workflow2: { tasks } }, [], { inputs: [], outputs: [] })!;
    expect(graph.tasks).toHaveLength(MAX_TASKS);
    expect(graph.totals.tasks).toBe(MAX_TASKS + 10);
  });
});
