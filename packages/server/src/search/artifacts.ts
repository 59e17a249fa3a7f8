import type { Artifacts, SearchQuantityArtifact } from '@oasis/schema';
import { builtinPackages, metainfoArtifactPackages, unitList, unitPrefixes } from '@oasis/schema';
import { PARSERS } from '../processing/matching.ts';
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

/**
 * The GUI artifacts (NOMAD's `window.nomadArtifacts`), derived from the server's own definitions so a
 * quantity added to the search registry reaches the GUI without further code; the metainfo packages are
 * the built-in definitions in NOMAD's format.
 */
export const buildArtifacts = (): Artifacts => ({
  searchQuantities: Object.fromEntries(
    entrySearchQuantities.map((quantity) => [
      quantity.name,
      {
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
      },
    ]),
  ),
  metainfo: { packages: metainfoArtifactPackages(builtinPackages) },
  parserMetadata: Object.fromEntries(
    PARSERS.map((parser) => [
      parser.name.replace(/^parsers\//, ''),
      { codeName: parser.name.replace(/^parsers\//, '') },
    ]),
  ),
  northTools: {},
  unitList: [...unitList],
  unitPrefixes,
});
