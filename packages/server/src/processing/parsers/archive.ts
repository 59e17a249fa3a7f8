// 'parsers/archive': NOMAD archive files written by hand or by tools (*.archive.json/yaml/yml).
import type { MainfileParser, ParserOutput } from '../types.ts';
import { applySchema } from '../schema/apply.ts';
import { ARCHIVE_PARSER, isObject, readArchiveObject } from './archive-schema.ts';
import { archiveStructure } from './archive-structure.ts';

export const archiveParser: MainfileParser = {
  name: ARCHIVE_PARSER,
  code: { codeLabel: 'NOMAD archive', codeCategory: 'Archive parser' },
  mainfileName: /(^|\/)[^/]*\.archive\.(json|ya?ml)$/i,
  // Measured with a 2 GB parser process: 256 MB of JSON peaks near 0.9 GB, but YAML takes ~110 MB
  // per MB (8 MB: 0.95 GB, 18 s).
  maxBytes: (mainfile) => (/\.ya?ml$/i.test(mainfile) ? 8 : 256) * 1024 ** 2,
  parse: (input): ParserOutput => {
    const archive = readArchiveObject(input.content.toString('utf8'), input.mainfile);
    // Processing owns metadata and logs; user files only get to name the entry (as in NOMAD).
    const { metadata, processing_logs: _logs, ...sections } = archive;
    const output: ParserOutput = { sections };
    // Results the file brings along win; without a material, it is derived from the run as for parsed runs.
    const results = sections.results;
    if (!isObject(results) || !isObject(results.material)) {
      const structure = archiveStructure(sections);
      if (structure) output.structure = structure;
    }
    const schema = applySchema(archive, input);
    if (schema.definitions) sections.definitions = schema.definitions;
    if (schema.data) sections.data = schema.data;
    const { data, definitions } = sections;
    if (isObject(data)) {
      output.entryType = schema.dataDefinition?.name ?? 'Unknown';
      if (schema.dataDefinition) output.dataDefinition = schema.dataDefinition;
      if (typeof data.name === 'string' && data.name.trim() !== '') output.entryName = data.name;
    } else if (isObject(definitions)) {
      output.entryType = 'Schema';
      if (typeof definitions.name === 'string' && definitions.name.trim() !== '')
        output.entryName = definitions.name;
    }
    if (isObject(metadata) && typeof metadata.entry_name === 'string' && metadata.entry_name.trim() !== '') {
      output.entryName = metadata.entry_name;
    }
    return output;
  },
};
