import { describe, expect, it } from 'vitest';
import { findHdf5References, MAX_REFERENCES, parseHdf5Reference } from './hdf5References.ts';

describe('HDF5 references', () => {
  it('parses NOMAD’s HDF5Reference values, full and relative to the entry’s upload', () => {
    expect(parseHdf5Reference('/uploads/abc/raw/dir/data.h5#/entry/data/image', 'data/image', 'own')).toEqual(
      {
        quantityPath: 'data/image',
        uploadId: 'abc',
        file: 'dir/data.h5',
        datasetPath: '/entry/data/image',
      },
    );
    expect(parseHdf5Reference('scan.nxs#entry/data', 'data/x', 'own')).toMatchObject({
      uploadId: 'own',
      file: 'scan.nxs',
      datasetPath: '/entry/data',
    });
    expect(parseHdf5Reference('a note #3', 'data/x', 'own')).toBeUndefined();
    expect(parseHdf5Reference('/etc/passwd.h5#/x', 'data/x', 'own')).toBeUndefined();
    expect(parseHdf5Reference('https://example.org/page.html#top', 'data/x', 'own')).toBeUndefined();
  });

  it('finds references in nested sections and lists, and annotated sections that do not resolve', () => {
    const data = {
      m_def: '/uploads/x/raw/schema.h5#/definitions',
      name: 'sample',
      measurements: [
        { signal: '/uploads/u/raw/m1.h5#/entry/data/image', m_annotations: { h5web: { signal: 'signal' } } },
        { note: 'plain', m_annotations: { h5web: { signal: 'note' } } },
        { m_annotations: { h5web: {} } },
      ],
    };
    const { references, problems } = findHdf5References(data, 'data', 'u');
    expect(references).toEqual([
      {
        quantityPath: 'data/measurements/0/signal',
        uploadId: 'u',
        file: 'm1.h5',
        datasetPath: '/entry/data/image',
      },
    ]);
    expect(problems).toEqual([
      { sectionPath: 'data/measurements/1', problem: 'unresolved' },
      { sectionPath: 'data/measurements/2', problem: 'no-annotation' },
    ]);
  });

  it('lists a bounded number of references', () => {
    const many = Array.from({ length: 200 }, (_, i) => `f${i}.h5#/d`);
    expect(findHdf5References(many, 'data', 'u').references).toHaveLength(MAX_REFERENCES);
  });
});
