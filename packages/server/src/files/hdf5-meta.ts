import type { Attribute, Dataset, Datatype, File as H5File, Group, Metadata } from 'h5wasm/node';
import type { H5groveMeta, H5groveType } from '@oasis/schema';
import { badRequest } from '../errors.ts';
import { objectName, resolveChild, type ResolvedObject } from './hdf5-objects.ts';

/** HDF5 type class codes (H5T_class_t). */
export const H5T = {
  INTEGER: 0,
  FLOAT: 1,
  STRING: 3,
  OPAQUE: 5,
  COMPOUND: 6,
  REFERENCE: 7,
  ENUM: 8,
  VLEN: 9,
  ARRAY: 10,
} as const;

/** A group answers with at most this many children, an object with at most this many attributes. */
const MAX_CHILDREN = 5000;
const MAX_ATTRIBUTES = 1000;

const byteOrder = (meta: Metadata) => (meta.size === 1 ? '|' : meta.littleEndian ? '<' : '>');

const isBoolEnum = (meta: Metadata) => {
  const names = Object.keys(meta.enum_type?.members ?? {}).sort();
  return meta.size === 1 && names.length === 2 && names[0] === 'FALSE' && names[1] === 'TRUE';
};

/** NumPy's type string for an HDF5 type, as h5grove reports it (`dtype`). */
const numpyDtype = (meta: Metadata): H5groveType['dtype'] => {
  switch (meta.type) {
    case H5T.INTEGER:
      return `${byteOrder(meta)}${meta.signed ? 'i' : 'u'}${meta.size}`;
    case H5T.FLOAT:
      return `${byteOrder(meta)}f${meta.size}`;
    case H5T.STRING:
      return meta.vlen ? '|O' : `|S${meta.size}`;
    case H5T.ENUM:
      return isBoolEnum(meta) ? '|b1' : `${byteOrder(meta)}${meta.signed ? 'i' : 'u'}${meta.size}`;
    case H5T.COMPOUND:
      return Object.fromEntries(
        (meta.compound_type?.members ?? []).map((member) => [member.name, numpyDtype(member)]),
      );
    case H5T.VLEN:
    case H5T.REFERENCE:
      return '|O';
    default:
      return `|V${meta.size}`;
  }
};

/** h5grove's type metadata of an HDF5 type described by h5wasm. */
const typeMetadata = (meta: Metadata): H5groveType => {
  const base = { class: meta.type, dtype: numpyDtype(meta), size: meta.size };
  const order = meta.littleEndian ? 0 : 1;
  switch (meta.type) {
    case H5T.INTEGER:
      return { ...base, order, sign: meta.signed ? 1 : 0 };
    case H5T.FLOAT:
      return { ...base, order };
    case H5T.STRING:
      return { ...base, cset: meta.cset ?? 0, strpad: meta.strpad ?? 0, vlen: meta.vlen };
    case H5T.COMPOUND:
      return {
        ...base,
        members: (meta.compound_type?.members ?? []).map((member) => ({
          name: member.name,
          ...typeMetadata(member),
        })),
      };
    case H5T.ENUM:
      return {
        ...base,
        members: meta.enum_type?.members ?? {},
        base: {
          class: H5T.INTEGER,
          dtype: numpyDtype({ ...meta, type: H5T.INTEGER }),
          size: meta.size,
          order,
          sign: meta.signed ? 1 : 0,
        },
      };
    case H5T.VLEN:
      return meta.vlen_type ? { ...base, base: typeMetadata(meta.vlen_type) } : base;
    case H5T.ARRAY:
      return meta.array_type
        ? { ...base, dims: meta.array_type.shape ?? [], base: typeMetadata(meta.array_type) }
        : base;
    default:
      return base;
  }
};

const attributesOf = (entity: Group | Dataset | Datatype): Attribute[] => {
  const attributes = Object.values(entity.attrs);
  if (attributes.length > MAX_ATTRIBUTES)
    throw badRequest(`${entity.path} has more than ${MAX_ATTRIBUTES} attributes.`);
  return attributes.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
};

const attributeMetadata = (entity: Group | Dataset | Datatype) =>
  attributesOf(entity).map((attribute) => ({
    name: attribute.name,
    shape: attribute.shape ?? [],
    type: typeMetadata(attribute.metadata),
  }));

/** Attribute values are read whole: at most this many bytes of one. */
const MAX_ATTRIBUTE_BYTES = 1024 * 1024;

const boundedValue = (attribute: Attribute) => {
  const count = (attribute.shape ?? []).reduce((product, length) => product * length, 1);
  if (count * Math.max(attribute.metadata.size, 1) > MAX_ATTRIBUTE_BYTES)
    throw badRequest(
      `The attribute ${attribute.name} is larger than ${MAX_ATTRIBUTE_BYTES / 1024 / 1024} MB.`,
    );
  return attribute.json_value;
};

/** Attribute values by name (all, or those of `keys`); null-space attributes have null. */
export const attributeValues = (
  entity: Group | Dataset | Datatype,
  keys: readonly string[] | undefined,
): Record<string, unknown> => {
  const attributes = attributesOf(entity);
  const wanted = keys ? new Set(keys) : undefined;
  const missing = keys?.find((key) => !attributes.some((attribute) => attribute.name === key));
  if (missing !== undefined) throw badRequest(`${entity.path} has no attribute ${missing}.`);
  return Object.fromEntries(
    attributes
      .filter((attribute) => !wanted || wanted.has(attribute.name))
      .map((attribute) => [attribute.name, boundedValue(attribute)]),
  );
};

/** The h5wasm object at a path made of hard links (from `resolveObject`). */
export const objectAt = (h5: H5File, path: string): Group | Dataset | Datatype => {
  const entity = h5.get(path);
  if (entity && 'attrs' in entity) return entity as Group | Dataset | Datatype;
  throw badRequest(`${path} is an object of a kind this viewer cannot read.`);
};

const datasetMetadata = (dataset: Dataset, name: string): H5groveMeta => {
  const { metadata } = dataset;
  const filters = dataset.filters.map(({ id, name: filterName }) => ({ id, name: filterName }));
  return {
    attributes: attributeMetadata(dataset),
    chunks: metadata.chunks,
    filters: filters.length > 0 ? filters : null,
    kind: 'dataset',
    name,
    shape: metadata.shape ?? [],
    type: typeMetadata(metadata),
  };
};

const entityMetadata = (h5: H5File, resolved: ResolvedObject, name: string, depth: number): H5groveMeta => {
  if (resolved.kind === 'soft_link') return { kind: 'soft_link', name, target_path: resolved.target };
  if (resolved.kind === 'external_link')
    return { kind: 'external_link', name, target_file: resolved.file, target_path: resolved.target };
  const entity = objectAt(h5, resolved.path);
  if (entity.type === 'Dataset') return datasetMetadata(entity as Dataset, name);
  if (entity.type === 'Datatype')
    return {
      attributes: attributeMetadata(entity),
      kind: 'datatype',
      name,
      type: typeMetadata((entity as Datatype).metadata),
    };
  const attributes = attributeMetadata(entity);
  if (depth <= 0) return { attributes, kind: 'group', name };
  const keys = (entity as Group).keys();
  if (keys.length > MAX_CHILDREN)
    throw badRequest(`${resolved.path} has more than ${MAX_CHILDREN} children, more than this viewer lists.`);
  const fileName = objectName(h5.filename);
  const children = keys.map((key) => {
    const child = resolveChild(h5, resolved.path, key, fileName, { listed: true });
    return entityMetadata(h5, child, key, depth - 1);
  });
  return { attributes, children, kind: 'group', name };
};

/** GET meta: an entity with its attributes' metadata; a group with its children (one level). */
export const objectMetadata = (h5: H5File, resolved: ResolvedObject, requestedPath: string): H5groveMeta =>
  entityMetadata(h5, resolved, objectName(requestedPath === '/' ? '' : requestedPath.replace(/\/+$/, '')), 1);
