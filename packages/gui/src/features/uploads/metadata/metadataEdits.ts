import type { Dataset, EditableMetadata } from '@oasis/schema';

/** A dataset as the dialog lists it: one of the user's, or a new one named here and created on submit. */
export interface DatasetItem {
  dataset_id?: string;
  dataset_name: string;
  doi?: string | null;
  /** Added in this dialog and not submitted yet (a DOI does not keep it from being taken out again). */
  staged?: boolean;
}

/** One change the user made; the changes are staged and only sent on Submit (spec 3 §4). */
export type MetadataOp =
  | { op: 'setComment'; value: string }
  | { op: 'addReference'; url: string }
  | { op: 'removeReference'; url: string }
  | { op: 'addDataset'; dataset: Dataset }
  | { op: 'createDataset'; name: string }
  | { op: 'removeDataset'; datasetId: string };

/** The comment as typed; typing the original comment again is no change. */
export function setComment(ops: readonly MetadataOp[], value: string, original: string): MetadataOp[] {
  const others = ops.filter(({ op }) => op !== 'setComment');
  return value === original ? others : [...others, { op: 'setComment', value }];
}

/** Adding what was removed in this dialog undoes the removal (and the other way round). */
export function addReference(ops: readonly MetadataOp[], url: string): MetadataOp[] {
  const undo = ops.filter((o) => !(o.op === 'removeReference' && o.url === url));
  return undo.length < ops.length ? undo : [...ops, { op: 'addReference', url }];
}

export function removeReference(ops: readonly MetadataOp[], url: string): MetadataOp[] {
  const undo = ops.filter((o) => !(o.op === 'addReference' && o.url === url));
  return undo.length < ops.length ? undo : [...ops, { op: 'removeReference', url }];
}

export function addDataset(ops: readonly MetadataOp[], dataset: Dataset): MetadataOp[] {
  const undo = ops.filter((o) => !(o.op === 'removeDataset' && o.datasetId === dataset.dataset_id));
  return undo.length < ops.length ? undo : [...ops, { op: 'addDataset', dataset }];
}

export function createDataset(ops: readonly MetadataOp[], name: string): MetadataOp[] {
  if (ops.some((o) => o.op === 'createDataset' && o.name === name)) return [...ops];
  return [...ops, { op: 'createDataset', name }];
}

export function removeDataset(ops: readonly MetadataOp[], item: DatasetItem): MetadataOp[] {
  if (item.dataset_id === undefined) {
    return ops.filter((o) => !(o.op === 'createDataset' && o.name === item.dataset_name));
  }
  const undo = ops.filter((o) => !(o.op === 'addDataset' && o.dataset.dataset_id === item.dataset_id));
  return undo.length < ops.length ? undo : [...ops, { op: 'removeDataset', datasetId: item.dataset_id }];
}

/** After a staged dataset was created on the server it is added like any existing one. */
export function datasetCreated(ops: readonly MetadataOp[], dataset: Dataset): MetadataOp[] {
  return ops.map((o) =>
    o.op === 'createDataset' && o.name === dataset.dataset_name ? { op: 'addDataset', dataset } : o,
  );
}

export function currentComment(original: string, ops: readonly MetadataOp[]): string {
  return ops.reduce((comment, o) => (o.op === 'setComment' ? o.value : comment), original);
}

export function currentReferences(original: readonly string[], ops: readonly MetadataOp[]): string[] {
  return ops.reduce<string[]>(
    (references, o) => {
      if (o.op === 'addReference') return [...references, o.url];
      if (o.op === 'removeReference') return references.filter((url) => url !== o.url);
      return references;
    },
    [...original],
  );
}

export function currentDatasets(original: readonly DatasetItem[], ops: readonly MetadataOp[]): DatasetItem[] {
  return ops.reduce<DatasetItem[]>(
    (datasets, o) => {
      if (o.op === 'addDataset') return [...datasets, { ...o.dataset, staged: true }];
      if (o.op === 'createDataset') return [...datasets, { dataset_name: o.name, staged: true }];
      if (o.op === 'removeDataset') return datasets.filter(({ dataset_id }) => dataset_id !== o.datasetId);
      return datasets;
    },
    [...original],
  );
}

const addRemove = <T>(add: T[], remove: T[]) => ({
  ...(add.length > 0 ? { add } : {}),
  ...(remove.length > 0 ? { remove } : {}),
});

/** The `metadata` of the edit request; datasets to create must have been created (and swapped) before. */
export function editMetadata(ops: readonly MetadataOp[]): EditableMetadata {
  const metadata: EditableMetadata = {};
  for (const o of ops) if (o.op === 'setComment') metadata.comment = o.value;
  const refsAdded = ops.flatMap((o) => (o.op === 'addReference' ? [o.url] : []));
  const refsRemoved = ops.flatMap((o) => (o.op === 'removeReference' ? [o.url] : []));
  if (refsAdded.length + refsRemoved.length > 0) metadata.references = addRemove(refsAdded, refsRemoved);
  const datasetsAdded = ops.flatMap((o) => (o.op === 'addDataset' ? [o.dataset.dataset_id] : []));
  const datasetsRemoved = ops.flatMap((o) => (o.op === 'removeDataset' ? [o.datasetId] : []));
  if (datasetsAdded.length + datasetsRemoved.length > 0) {
    metadata.datasets = addRemove(datasetsAdded, datasetsRemoved);
  }
  return metadata;
}
