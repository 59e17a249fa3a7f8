import { describe, expect, it } from 'vitest';
import {
  addDataset,
  addReference,
  createDataset,
  currentDatasets,
  currentReferences,
  datasetCreated,
  editMetadata,
  removeDataset,
  removeReference,
  setComment,
} from './metadataEdits.ts';

const dataset = (dataset_id: string, dataset_name: string) => ({
  dataset_id,
  dataset_name,
  user_id: 'author',
  dataset_create_time: '2024-09-06T19:24:53.293000',
});

describe('staged metadata changes', () => {
  it('undo each other instead of piling up', () => {
    let ops = removeReference([], 'https://a.org');
    ops = addReference(ops, 'https://a.org');
    expect(ops).toEqual([]);
    ops = addDataset([], dataset('ds1', 'One'));
    ops = removeDataset(ops, { dataset_id: 'ds1', dataset_name: 'One' });
    expect(ops).toEqual([]);
    ops = createDataset(createDataset([], 'New'), 'New');
    expect(ops).toHaveLength(1);
    expect(removeDataset(ops, { dataset_name: 'New', staged: true })).toEqual([]);
    // Typing the original comment again is no change.
    expect(setComment(setComment([], 'x', 'orig'), 'orig', 'orig')).toEqual([]);
  });

  it('give the lists as they will be and the edit request', () => {
    let ops = addReference([], 'https://b.org');
    ops = removeReference(ops, 'https://a.org');
    ops = removeDataset(ops, { dataset_id: 'ds1', dataset_name: 'One' });
    ops = createDataset(ops, 'New');
    ops = setComment(ops, 'hello', '');
    expect(currentReferences(['https://a.org'], ops)).toEqual(['https://b.org']);
    expect(currentDatasets([{ dataset_id: 'ds1', dataset_name: 'One' }], ops)).toEqual([
      { dataset_name: 'New', staged: true },
    ]);
    const created = datasetCreated(ops, dataset('ds-new', 'New'));
    expect(editMetadata(created)).toEqual({
      comment: 'hello',
      references: { add: ['https://b.org'], remove: ['https://a.org'] },
      datasets: { add: ['ds-new'], remove: ['ds1'] },
    });
  });
});
