import { describe, expect, it } from 'vitest';
import { rootNode } from './model.ts';
import { selectedHdf5Reference } from './hdf5Selection.ts';

// The data section of an entry of an .archive.json referring to datasets of HDF5 files of uploads.
const root = rootNode(
  {
    metadata: { entry_id: 'e1', upload_id: 'u1' },
    data: {
      name: 'scan 7',
      note: 'see #3',
      image: { m_value: '/uploads/u2/raw/measurements/scan%201.h5#/entry/data/image' },
      spectra: [{ counts: 'scan.h5#entry/spectrum' }],
    },
  },
  undefined,
);

describe('the HDF5 dataset of the selected quantity', () => {
  it('follows NOMAD’s full form, and the form relative to the entry’s upload', () => {
    expect(selectedHdf5Reference(root, ['data', 'image'], 'u1')).toEqual({
      quantityPath: '/data/image',
      uploadId: 'u2',
      file: 'measurements/scan 1.h5',
      datasetPath: '/entry/data/image',
    });
    expect(selectedHdf5Reference(root, ['data', 'spectra:0', 'counts'], 'u1')).toMatchObject({
      uploadId: 'u1',
      file: 'scan.h5',
      datasetPath: '/entry/spectrum',
    });
  });

  it('is undefined for other values, sections, missing keys and relative references without an upload', () => {
    expect(selectedHdf5Reference(root, ['data', 'name'], 'u1')).toBeUndefined();
    expect(selectedHdf5Reference(root, ['data', 'note'], 'u1')).toBeUndefined();
    expect(selectedHdf5Reference(root, ['data'], 'u1')).toBeUndefined();
    expect(selectedHdf5Reference(root, [], 'u1')).toBeUndefined();
    expect(selectedHdf5Reference(root, ['data', 'nope'], 'u1')).toBeUndefined();
    expect(selectedHdf5Reference(root, ['data', 'spectra:0', 'counts'], undefined)).toBeUndefined();
  });
});
