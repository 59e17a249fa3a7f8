/**
 * The workflow graph of one level of an archive's `workflow2`: the level's inputs, its tasks and its
 * outputs as nodes, linked where a task reads an input or another task's output and where it writes an
 * output. Levels are reached by expanding tasks from the root workflow; going back up drops the last.
 */

export type NodeType = 'input' | 'output' | 'task' | 'workflow';

export interface GraphNode {
  /** Unique within a level: 'input:0', 'task:2', 'output:1', or 'self' for an elementary task's level. */
  id: string;
  type: NodeType;
  name: string;
  /** The name as drawn, shortened (see {@link nodeLabel}). */
  label: string;
  /** Position in its list (inputs, tasks or outputs) of the level. */
  index: number;
  /** Inputs and outputs: the section they reference. */
  section?: string;
  /** Tasks: whether a click shows the task's own graph. */
  expandable?: boolean;
  /** Task references into another entry's archive, which this page cannot expand. */
  entryId?: string;
}

export interface GraphLink {
  source: string;
  target: string;
}

export interface LevelGraph {
  name: string;
  inputs: GraphNode[];
  tasks: GraphNode[];
  outputs: GraphNode[];
  links: GraphLink[];
  /** How many of each the level has, shown or not. */
  totals: { inputs: number; tasks: number; outputs: number };
}

/** Which inputs and outputs to show (indices into the level's lists). */
export interface Selection {
  inputs: readonly number[];
  outputs: readonly number[];
}

/** Names longer than this are shortened (spec 3 §9)... */
export const MAX_LABEL_LENGTH = 25;
/** ...to this many characters plus an ellipsis. */
const SHORT_LABEL_LENGTH = 22;
/** Tasks drawn at most per level: the graph stays legible and its cost bounded for long workflows. */
export const MAX_TASKS = 50;

type Section = Record<string, unknown>;

const isSection = (value: unknown): value is Section =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const sections = (value: unknown): Section[] => (Array.isArray(value) ? value.filter(isSection) : []);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

export function nodeLabel(name: string): string {
  return name.length > MAX_LABEL_LENGTH ? `${name.slice(0, SHORT_LABEL_LENGTH)}...` : name;
}

const OTHER_ENTRY = /^\.\.\/upload\/archive\/([A-Za-z0-9_-]+)#/;

/** A value at an in-archive reference ('#/workflow2/tasks/0'), or undefined. */
function resolveInArchive(archive: Section, reference: string): unknown {
  if (!reference.startsWith('#/') && !reference.startsWith('/')) return undefined;
  let node: unknown = archive;
  for (const part of reference
    .replace(/^#/, '')
    .split('/')
    .filter((p) => p !== '')) {
    if (Array.isArray(node)) {
      const index = Number(part);
      if (!Number.isInteger(index)) return undefined;
      node = node[index < 0 ? node.length + index : index];
    } else node = isSection(node) && Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return node;
}

interface ResolvedTask {
  /** The task's own section, or the workflow a TaskReference points to. */
  section: Section;
  entryId?: string;
}

/** A task as written, or what its `task` reference points to (resolved in place or within the archive). */
function resolveTask(task: Section, archive: Section): ResolvedTask {
  const reference = task.task;
  if (isSection(reference)) return { section: reference };
  if (typeof reference === 'string') {
    const target = resolveInArchive(archive, reference);
    if (isSection(target)) return { section: target };
    const entryId = OTHER_ENTRY.exec(reference)?.[1];
    if (entryId) return { section: task, entryId };
  }
  return { section: task };
}

/** The class name of an m_def ('nomad.datamodel.metainfo.workflow.Workflow' → 'Workflow'). */
const className = (mDef: unknown) => text(mDef)?.split(/[./]/).at(-1);

function taskName(task: Section, resolved: Section, index: number): string {
  return text(task.name) ?? text(resolved.name) ?? className(resolved.m_def) ?? `Task ${index}`;
}

/** A link's name, or the kind of section it references ('#/run/0/system/0' → 'system'). */
function linkName(link: Section, fallback: string): string {
  const named = text(link.name);
  if (named) return named;
  const section = text(link.section);
  const part = section
    ?.split('#')
    .at(-1)
    ?.split('/')
    .filter((p) => p !== '' && !/^-?\d+$/.test(p))
    .at(-1);
  return part ?? fallback;
}

/** References compared as written, with the in-archive '#' dropped ('#/run/0' and '/run/0' are one). */
const referenceKey = (link: Section) => text(link.section)?.replace(/^#\//, '/');

/**
 * The workflow section of a level: `levels` are task indices from the root (`workflow2`) down.
 * Undefined when a level does not exist (the archive changed under the URL, say).
 */
function workflowAt(archive: Section, levels: readonly number[]): Section | undefined {
  let current: unknown = archive.workflow2;
  for (const index of levels) {
    if (!isSection(current)) return undefined;
    const task = sections(current.tasks)[index];
    if (!task) return undefined;
    const resolved = resolveTask(task, archive);
    if (resolved.entryId) return undefined;
    current = resolved.section;
  }
  return isSection(current) ? current : undefined;
}

const ROOT_NAME = 'Workflow';

/** The level's name: the expanded task's name, or the workflow's own. */
export function levelName(archive: Section, levels: readonly number[]): string {
  if (levels.length === 0) {
    const root = archive.workflow2;
    return (isSection(root) && (text(root.name) ?? className(root.m_def))) || ROOT_NAME;
  }
  const parent = workflowAt(archive, levels.slice(0, -1));
  const index = levels[levels.length - 1] ?? 0;
  const task = sections(parent?.tasks)[index];
  if (!task) return ROOT_NAME;
  return taskName(task, resolveTask(task, archive).section, index);
}

function linkNodes(links: Section[], type: 'input' | 'output', shown: readonly number[]): GraphNode[] {
  return shown.flatMap((index) => {
    const link = links[index];
    if (!link) return [];
    const name = linkName(link, type);
    const section = text(link.section);
    return [
      { id: `${type}:${index}`, type, name, label: nodeLabel(name), index, ...(section ? { section } : {}) },
    ];
  });
}

/** The graph of a workflow section, with the inputs and outputs `selection` names. */
export function levelGraph(
  archive: Section,
  levels: readonly number[],
  selection: Selection,
): LevelGraph | undefined {
  const workflow = workflowAt(archive, levels);
  if (!workflow) return undefined;
  const allInputs = sections(workflow.inputs);
  const allOutputs = sections(workflow.outputs);
  const allTasks = sections(workflow.tasks);
  const inputs = linkNodes(allInputs, 'input', selection.inputs);
  const outputs = linkNodes(allOutputs, 'output', selection.outputs);
  const name = levelName(archive, levels);

  const taskKeys: Array<{ id: string; reads: Set<string>; writes: Set<string> }> = [];
  const keysOf = (links: unknown) => new Set(sections(links).flatMap((link) => referenceKey(link) ?? []));
  const tasks: GraphNode[] = allTasks.slice(0, MAX_TASKS).map((task, index) => {
    const resolved = resolveTask(task, archive);
    const own = resolved.section;
    const expandable = resolved.entryId === undefined;
    const nested = sections(own.tasks).length > 0 || resolved.entryId !== undefined;
    const taskLabel = taskName(task, own, index);
    const id = `task:${index}`;
    taskKeys.push({
      id,
      reads: keysOf(task.inputs ?? own.inputs),
      writes: keysOf(task.outputs ?? own.outputs),
    });
    return {
      id,
      type: nested ? 'workflow' : 'task',
      name: taskLabel,
      label: nodeLabel(taskLabel),
      index,
      expandable,
      ...(resolved.entryId ? { entryId: resolved.entryId } : {}),
    };
  });
  // An elementary task's own level: its inputs and outputs around the task itself.
  if (allTasks.length === 0) {
    tasks.push({ id: 'self', type: 'task', name, label: nodeLabel(name), index: 0, expandable: false });
    taskKeys.push({ id: 'self', reads: keysOf(workflow.inputs), writes: keysOf(workflow.outputs) });
  }

  const links: GraphLink[] = [];
  const keyOf = (node: GraphNode) => (node.section ? node.section.replace(/^#\//, '/') : undefined);
  for (const input of inputs) {
    const key = keyOf(input);
    for (const task of taskKeys)
      if (key && task.reads.has(key)) links.push({ source: input.id, target: task.id });
  }
  for (const from of taskKeys) {
    for (const to of taskKeys) {
      if (from !== to && [...from.writes].some((key) => to.reads.has(key)))
        links.push({ source: from.id, target: to.id });
    }
  }
  for (const output of outputs) {
    const key = keyOf(output);
    for (const task of taskKeys)
      if (key && task.writes.has(key)) links.push({ source: task.id, target: output.id });
  }
  return {
    name,
    inputs,
    tasks,
    outputs,
    links,
    totals: { inputs: allInputs.length, tasks: allTasks.length, outputs: allOutputs.length },
  };
}

/** How many inputs and outputs a level has (for the range filter before the graph is built). */
export function levelCounts(archive: Section, levels: readonly number[]) {
  const workflow = workflowAt(archive, levels);
  return { inputs: sections(workflow?.inputs).length, outputs: sections(workflow?.outputs).length };
}

/** Whether an archive's workflow2 has anything to draw. */
export function hasWorkflowGraph(archive: Section): boolean {
  const root = archive.workflow2;
  return isSection(root) && [root.inputs, root.outputs, root.tasks].some((list) => sections(list).length > 0);
}
