// ASE's ulm format, in which GPAW 1.1.1 and later write .gpw files ('AFFormat' files of the first
// versions, '- of Ulm' since): an 8-byte magic, a 16-byte tag ('GPAW'), version, number of items and the
// position of the items' offsets (int64, little-endian); each item is a JSON document (int64 length
// first) whose keys ending in '.' are children, or arrays stored in the file as
// {"ndarray": [shape, dtype, offset]}.
import { type ByteSource, type NdArray, readArray } from './byte-source.ts';

const ULM_MAGIC = /^(?:AFFormat|- of Ulm)/;

export type UlmNode = { readonly [key: string]: unknown };

/** The tag ('GPAW') and the first item's tree. */
export async function readUlm(source: ByteSource): Promise<{ tag: string; root: UlmNode }> {
  if (source.size < 48) throw new Error(`the file ends at byte ${source.size}, inside its ulm header`);
  const header = await source.read(0, 48);
  const magic = header.subarray(0, 8).toString('latin1');
  if (!ULM_MAGIC.test(magic)) throw new Error('no ulm header: not a .gpw file of GPAW 1.1.1 or later');
  const tag = header.subarray(8, 24).toString('latin1').trim();
  const items = Number(header.readBigInt64LE(32));
  const offsets = Number(header.readBigInt64LE(40));
  if (items < 1) throw new Error('the ulm file holds no item');
  const first = Number((await source.read(offsets, 8)).readBigInt64LE(0));
  const length = Number((await source.read(first, 8)).readBigInt64LE(0));
  const json = (await source.read(first + 8, length)).toString('utf8');
  return { tag, root: parseJson(json) as UlmNode };
}

/** JSON as Python writes it: NaN and Infinity are no JSON values (null here). */
function parseJson(text: string): unknown {
  const cleaned = text.replace(/(?<=[:[,]\s*)-?(?:NaN|Infinity)(?=\s*[,\]}])/g, 'null');
  return revive(JSON.parse(cleaned));
}

/** Arrays and complex numbers of ASE's JSON encoding as plain lists. */
function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const encoded = record.__ndarray__;
  if (Array.isArray(encoded) && encoded.length === 3) {
    const [shape, , flat] = encoded as [number[], string, unknown[]];
    const build = (dims: number[], offset: number): unknown =>
      dims.length === 0
        ? revive(flat[offset])
        : Array.from({ length: dims[0]! }, (_, i) =>
            build(dims.slice(1), offset + i * dims.slice(1).reduce((a, b) => a * b, 1)),
          );
    return build(shape, 0);
  }
  if (Array.isArray(record.__complex__)) return (record.__complex__ as unknown[])[0];
  return Object.fromEntries(Object.entries(record).map(([key, v]) => [key, revive(v)]));
}

/** The child or value at a dotted path ('hamiltonian.e_xc', 'wave_functions.eigenvalues'). */
export function ulmAt(root: UlmNode, path: string): unknown {
  let node: unknown = root;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    const record = node as Record<string, unknown>;
    node = key in record ? record[key] : record[`${key}.`];
  }
  return node;
}

/** The stored array at a path: its shape and dtype without reading it, or undefined. */
export function ulmArrayInfo(
  root: UlmNode,
  path: string,
): { shape: number[]; dtype: string; offset: number } | undefined {
  const node = ulmAt(root, path) as { ndarray?: unknown } | undefined;
  const reference = node?.ndarray;
  if (!Array.isArray(reference) || reference.length !== 3) return undefined;
  const [shape, dtype, offset] = reference as [number[], string, number];
  return { shape, dtype, offset };
}

/** The stored array at a path, read; undefined when there is none. */
export async function ulmArray(
  source: ByteSource,
  root: UlmNode,
  path: string,
): Promise<NdArray | undefined> {
  const info = ulmArrayInfo(root, path);
  return info && readArray(source, info.offset, info.shape, info.dtype);
}
