import { builtinPackages, type InfoResponse } from '@oasis/schema';
import { exampleUploadEntryPoint, type ExampleUploadConfig } from '../config/example-uploads.ts';
import type { MainfileParser } from '../processing/types.ts';
import type { SearchQuantity } from '../search/quantities.ts';

/** NOMAD's entry points carry fields of their own type beyond the common ones. */
type EntryPoint = InfoResponse['plugin_entry_points'][number] & Record<string, unknown>;

const shortName = (parser: MainfileParser) => parser.name.replace(/^parsers\//, '');

/** A built-in parser as NOMAD lists a parser entry point: its name and how it recognises mainfiles. */
const parserEntryPoint = (parser: MainfileParser): EntryPoint => ({
  id: `${shortName(parser)}_parser_entry_point`,
  entry_point_type: 'parser',
  name: parser.name,
  description: `Parser for ${shortName(parser)} mainfiles.`,
  aliases: [parser.name],
  mainfile_name_re: parser.mainfileName.source,
  ...(parser.mainfileContents ? { mainfile_contents_re: parser.mainfileContents.source } : {}),
  supported_compressions: [...(parser.compressions ?? [])],
});

/** What this installation has in place of NOMAD's plugins: its parsers and its example uploads. */
export const pluginEntryPoints = (
  parsers: readonly MainfileParser[],
  examples: readonly ExampleUploadConfig[],
): EntryPoint[] => [...parsers.map(parserEntryPoint), ...examples.map(exampleUploadEntryPoint)];

/** The metainfo packages the built-in definitions belong to. */
export const metainfoPackages = (): string[] => builtinPackages.map((pkg) => pkg.name);

/** NOMAD's search quantity summary: name, description and whether there are several values per entry. */
export const searchQuantitiesInfo = (
  quantities: readonly SearchQuantity[],
): InfoResponse['search_quantities'] =>
  Object.fromEntries(
    quantities
      // NOMAD leaves the OPTIMADE fields out; they are searched through OPTIMADE filters.
      .filter((quantity) => !quantity.name.startsWith('optimade.'))
      .map((quantity) => [
        quantity.name,
        {
          name: quantity.name,
          ...(quantity.description ? { description: quantity.description } : {}),
          many: quantity.list ?? false,
        },
      ]),
  );
