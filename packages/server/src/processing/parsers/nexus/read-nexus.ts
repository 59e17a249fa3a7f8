// What NOMAD's NeXus parser takes from a NeXus/HDF5 file for the entry's metadata: the application
// definition of each NXentry, and the sample's elements and formulas (NXsample atom_types and
// chemical_formula, NXsample_component chemical_formula, NXsubstance molecular_formula_hill).
import h5wasm, { Dataset, Group, type File as H5File } from 'h5wasm/node';
import { confineHdf5Reads } from '../../../files/hdf5-confine.ts';
import { hdf5DeclaredSize } from '../../../files/hdf5-signature.ts';
import { resolveChild } from '../../../files/hdf5-objects.ts';

export interface NexusSummary {
  /** The `definition` of each NXentry at the file's root ('' for an entry that names none). */
  definitions: string[];
  /** Formulas the samples, their components and substances state, as written. */
  formulas: Set<string>;
  /** Symbols NXsample atom_types lists (checked by the caller). */
  atomTypes: string[];
  /** Groups beyond the walk's bounds, said in the entry's log. */
  skipped: number;
  /** Whether a field read asked for another file (external storage, a virtual dataset): not read. */
  refused: boolean;
}

/** A walk visits at most this many groups and goes this deep; NeXus files have tens to thousands. */
const MAX_GROUPS = 20_000;
const MAX_DEPTH = 32;
/** Text fields longer than this are not metadata (a formula, a definition name). */
const MAX_TEXT_BYTES = 64 * 1024;
/** A group with more attributes is not read for its class. */
const MAX_ATTRIBUTES = 256;
const H5T_STRING = 3;

/** The fields read, by the NeXus class of the group that holds them. */
const FORMULA_FIELDS: Readonly<Record<string, readonly string[]>> = {
  NXsample: ['chemical_formula'],
  NXsample_component: ['chemical_formula'],
  NXsubstance: ['molecular_formula_hill'],
};

const textOf = (value: unknown): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim() : undefined;
};

const nxClass = (group: Group): string | undefined => {
  const attributes = group.attrs;
  if (Object.keys(attributes).length > MAX_ATTRIBUTES) return undefined;
  const attribute = attributes.NX_class;
  if (!attribute || attribute.metadata.type !== H5T_STRING) return undefined;
  return textOf(attribute.json_value);
};

/** A text field of `group` (a hard link to a small string dataset), or undefined. */
const textField = (h5: H5File, group: string, name: string, fileName: string): unknown => {
  const entity = h5.get(group);
  if (!(entity instanceof Group) || !entity.keys().includes(name)) return undefined;
  const child = resolveChild(h5, group, name, fileName, { listed: true });
  if (child.kind !== 'object') return undefined;
  const dataset = h5.get(child.path);
  if (!(dataset instanceof Dataset)) return undefined;
  const { metadata } = dataset;
  if (metadata.type !== H5T_STRING || metadata.total_size * Math.max(metadata.size, 1) > MAX_TEXT_BYTES)
    return undefined;
  return dataset.json_value;
};

const walk = (h5: H5File, fileName: string): NexusSummary => {
  const summary: NexusSummary = {
    definitions: [],
    formulas: new Set(),
    atomTypes: [],
    skipped: 0,
    refused: false,
  };
  // Groups reached again (through a soft link, or a second hard link to the same path) are read once.
  const visited = new Set<string>();
  const visit = (path: string, depth: number) => {
    const group = h5.get(path);
    if (!(group instanceof Group)) return;
    const kind = nxClass(group);
    if (depth === 1 && kind === 'NXentry')
      summary.definitions.push(textOf(textField(h5, path, 'definition', fileName)) ?? '');
    for (const field of (kind && FORMULA_FIELDS[kind]) ?? []) {
      const formula = textOf(textField(h5, path, field, fileName));
      if (formula) summary.formulas.add(formula);
    }
    if (kind === 'NXsample') {
      const types = textField(h5, path, 'atom_types', fileName);
      // A list of symbols, or one text of comma-separated symbols.
      const symbols = Array.isArray(types) ? types.map(String) : (textOf(types)?.split(',') ?? []);
      summary.atomTypes.push(...symbols.map((symbol) => symbol.trim()).filter(Boolean));
    }
    for (const name of group.keys()) {
      // A soft link resolves to the group it names, read once by that group's path; external links
      // (to other files) are not followed.
      const child = resolveChild(h5, path, name, fileName, { listed: true });
      if (child.kind !== 'object' || visited.has(child.path) || !(h5.get(child.path) instanceof Group))
        continue;
      if (visited.size >= MAX_GROUPS || depth >= MAX_DEPTH) {
        summary.skipped += 1;
        continue;
      }
      visited.add(child.path);
      visit(child.path, depth + 1);
    }
  };
  visit('/', 0);
  return summary;
};

/**
 * Reads the summary of the NeXus file at `file` (an HDF5 file). The HDF5 library is confined to that
 * file: external storage and virtual datasets that name other files are not read.
 */
export async function readNexus(file: string, fileName: string): Promise<NexusSummary> {
  // The library reads zeros where a file cut short ends: say so instead of reading an empty tree.
  const size = await hdf5DeclaredSize(file);
  if (size && size.actual < size.declared)
    throw new Error(
      `${fileName} is cut short: it has ${size.actual} bytes, its HDF5 superblock says ${size.declared} bytes`,
    );
  await h5wasm.ready;
  const { value, refused } = confineHdf5Reads()(file, () => {
    let h5: H5File | undefined;
    try {
      h5 = new h5wasm.File(file, 'r');
      return walk(h5, fileName);
    } catch (error) {
      // The library's words for a damaged file ('name not defined!') say little without the file's name.
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`${fileName} could not be read as an HDF5 file: ${reason}`);
    } finally {
      h5?.close();
    }
  });
  return { ...value, refused };
}
