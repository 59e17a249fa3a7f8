import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import h5wasm from 'h5wasm/node';

/** The bytes of an HDF5 file that `build` writes with h5wasm (in a temporary folder, removed again). */
const writeHdf5 = async (build: (h5: InstanceType<typeof h5wasm.File>) => void): Promise<Buffer> => {
  await h5wasm.ready;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-h5-'));
  const file = path.join(dir, 'sample.h5');
  try {
    const h5 = new h5wasm.File(file, 'w');
    build(h5);
    h5.close();
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** Sizes of the sample's 2-D image. */
const IMAGE_SHAPE = [4, 6] as const;

/**
 * An HDF5 file for tests, written with h5wasm: nested groups, an NXdata group with signal and axes
 * attributes, a 2-D image, a 1-D axis, attributes of several types, a compound dataset, fixed and variable
 * length strings, a scalar, 64-bit integers, a soft link, a broken soft link and an external link.
 */
export const sampleHdf5 = (): Promise<Buffer> =>
  writeHdf5((h5) => {
    h5.create_attribute('creator', 'oasis tests');
    // NeXus: the root's default names the entry, the entry's the NXdata group viewers plot first.
    h5.create_attribute('default', 'entry');
    const entry = h5.create_group('entry');
    entry.create_attribute('NX_class', 'NXentry');
    entry.create_attribute('default', 'data');
    const data = entry.create_group('data');
    data.create_attribute('NX_class', 'NXdata');
    data.create_attribute('signal', 'image');
    data.create_attribute('axes', ['.', 'x']);
    const [rows, columns] = IMAGE_SHAPE;
    const image = data.create_dataset({
      name: 'image',
      data: Float64Array.from({ length: rows * columns }, (_, i) => i - 3),
      shape: [rows, columns],
    });
    image.create_attribute('units', 'counts');
    image.create_attribute('scale', new Float32Array([0.5, 2]));
    const x = data.create_dataset({
      name: 'x',
      data: Float32Array.from({ length: columns }, (_, i) => i * 0.5),
    });
    x.create_attribute('units', 'mm');
    const deep = entry.create_group('instrument').create_group('detector');
    deep.create_dataset({ name: 'counts', data: new Int32Array([3, 1, 4, 1, 5, 9, 2, 6]) });
    deep.create_dataset({ name: 'big', data: new BigInt64Array([1n, -2n, 3n]) });
    deep.create_dataset({ name: 'temperature', data: 293.5, shape: [], dtype: '<f8' });
    h5.create_dataset({ name: 'labels', data: ['alpha', 'beta', 'gamma'] });
    h5.create_dataset({ name: 'fixed', data: ['ab', 'cde'], dtype: 'S4' });
    h5.create_dataset({
      name: 'table',
      data: new Map<string, number[]>([
        ['id', [1, 2]],
        ['value', [2.5, 4.5]],
      ]),
      dtype: [
        ['id', '<i4'],
        ['value', '<f8'],
      ],
      shape: [2],
    });
    h5.create_soft_link('/entry/data/image', 'image_link');
    h5.create_soft_link('/nowhere', 'broken_link');
    h5.create_external_link('/etc/other.h5', '/secret', 'external_link');
  });

/** A measurement without NeXus attributes: `/measurement/raw/intensity` (1-D) below two plain groups. */
export const plainHdf5 = (): Promise<Buffer> =>
  writeHdf5((h5) => {
    h5.create_group('notes');
    const raw = h5.create_group('measurement').create_group('raw');
    raw.create_dataset({
      name: 'intensity',
      data: Float64Array.from({ length: 16 }, (_, i) => (i - 8) ** 2),
    });
  });

/** A 1-D float64 dataset `values` of `length` elements (for the selection size limit). */
export const largeHdf5 = (length: number): Promise<Buffer> =>
  writeHdf5((h5) => {
    h5.create_dataset({
      name: 'values',
      data: new Float64Array(length),
      chunks: [65536],
      compression: 'gzip',
    });
  });

/**
 * Many paths from few objects: `/chain/again` hard-links back to `/chain` (endlessly deep), and `/wide` holds
 * 320 links to `/level`, which holds 320 links to the dataset `/leaf` (102 720 paths below `/wide`, more than h5grove's paths lists).
 */
export const cyclicHdf5 = (): Promise<Buffer> =>
  writeHdf5((h5) => {
    h5.create_group('chain').create_hard_link('/chain', 'again');
    h5.create_dataset({ name: 'leaf', data: 1 });
    const level = h5.create_group('level');
    const wide = h5.create_group('wide');
    for (let i = 0; i < 320; i += 1) {
      const name = `n${String(i).padStart(3, '0')}`;
      level.create_hard_link('/leaf', name);
      wide.create_hard_link('/level', name);
    }
  });

/** What a NeXus test file holds: one NXentry per definition ('' for none), each with its sample. */
export interface NexusSample {
  definitions: string[];
  formula?: string;
  atomTypes?: string | string[];
  componentFormula?: string;
}

/**
 * A NeXus file for tests: an NXentry per definition, each with an NXsample (formula, atom_types, an
 * NXsample_component) and an NXdata group the viewers open; a soft link and an external link beside them.
 */
export const nexusHdf5 = (sample: NexusSample): Promise<Buffer> =>
  writeHdf5((h5) => {
    h5.create_attribute('NX_class', 'NXroot');
    h5.create_attribute('default', 'entry1');
    for (const [index, definition] of sample.definitions.entries()) {
      const entry = h5.create_group(`entry${index + 1}`);
      entry.create_attribute('NX_class', 'NXentry');
      entry.create_attribute('default', 'data');
      if (definition) entry.create_dataset({ name: 'definition', data: definition });
      entry.create_dataset({ name: 'title', data: 'XPS of a film' });
      const specimen = entry.create_group('sample');
      specimen.create_attribute('NX_class', 'NXsample');
      if (sample.formula) specimen.create_dataset({ name: 'chemical_formula', data: sample.formula });
      if (sample.atomTypes) specimen.create_dataset({ name: 'atom_types', data: sample.atomTypes });
      if (sample.componentFormula) {
        const component = specimen.create_group('substrate');
        component.create_attribute('NX_class', 'NXsample_component');
        component.create_dataset({ name: 'chemical_formula', data: sample.componentFormula });
      }
      const data = entry.create_group('data');
      data.create_attribute('NX_class', 'NXdata');
      data.create_attribute('signal', 'intensity');
      data.create_dataset({ name: 'intensity', data: Float64Array.from({ length: 8 }, (_, i) => i * i) });
    }
    h5.create_soft_link('/entry1/sample', 'sample_link');
    h5.create_external_link('/etc/other.nxs', '/entry', 'external_entry');
  });
