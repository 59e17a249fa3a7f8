import type { Artifacts, SearchQuantityArtifact } from '@oasis/schema';
import { builtinPackages, metainfoArtifactPackages, unitArtifacts, unitPrefixes } from '@oasis/schema';
import { PARSERS } from '../processing/matching.ts';
import { searchSectionArtifacts } from './artifact-sections.ts';
import { parserMetadata } from './parser-metadata.ts';
import { PREFIX_FIELDS } from './prefix-fields.ts';
import { entrySearchQuantities, type SearchQuantity } from './quantities.ts';

const metainfoType = (quantity: SearchQuantity): SearchQuantityArtifact['type'] => {
  if (quantity.enumValues) return { type_kind: 'enum', type_data: [...quantity.enumValues] };
  switch (quantity.type) {
    case 'number':
      return { type_kind: 'python', type_data: quantity.integer ? 'int' : 'float' };
    case 'boolean':
      return { type_kind: 'python', type_data: 'bool' };
    case 'timestamp':
      return { type_kind: 'custom', type_data: 'nomad.metainfo.data_type.Datetime' };
    default:
      return { type_kind: 'python', type_data: 'str' };
  }
};

const quantityArtifact = (quantity: SearchQuantity): SearchQuantityArtifact => ({
  name: quantity.name.split('.').pop() ?? quantity.name,
  ...(quantity.description ? { description: quantity.description } : {}),
  type: metainfoType(quantity),
  ...(quantity.unit ? { unit: quantity.unit } : {}),
  ...(quantity.list ? { shape: ['*'] } : {}),
  aggregatable: quantity.aggregatable ?? false,
  dynamic: false,
  // NOMAD's `repeats` marks quantities inside repeating sections (nested search).
  repeats: quantity.repeats ?? false,
  ...(quantity.suggestion ? { suggestion: true } : {}),
});

/** Prefix fields are searched as their quantity (prefix-fields.ts); NOMAD names them by it, unaggregated. */
const prefixFieldArtifacts = (): Record<string, SearchQuantityArtifact> =>
  Object.fromEntries(
    Object.entries(PREFIX_FIELDS).flatMap(([field, name]) => {
      const quantity = entrySearchQuantities.find((candidate) => candidate.name === name);
      if (!quantity) return [];
      const { suggestion: _suggestion, ...artifact } = quantityArtifact(quantity);
      return [[field, { ...artifact, aggregatable: false }]];
    }),
  );

/**
 * The GUI artifacts (NOMAD's `window.nomadArtifacts`), derived from the server's own definitions so a
 * quantity added to the search registry reaches the GUI without further code; the metainfo packages are
 * the built-in definitions in NOMAD's format, the units carry the definitions NOMAD's GUI builds them from.
 */
export const buildArtifacts = (): Artifacts => ({
  searchQuantities: {
    ...searchSectionArtifacts(entrySearchQuantities.map((quantity) => quantity.name)),
    ...Object.fromEntries(
      entrySearchQuantities.map((quantity) => [quantity.name, quantityArtifact(quantity)]),
    ),
    ...prefixFieldArtifacts(),
  },
  metainfo: { packages: metainfoArtifactPackages(builtinPackages) },
  parserMetadata: parserMetadata(PARSERS),
  northTools: {},
  unitList: unitArtifacts(),
  unitPrefixes,
});
