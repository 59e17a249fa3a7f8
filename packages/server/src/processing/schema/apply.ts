// An archive file's schema work: its own `definitions` normalized as NOMAD stores them, its `data`
// checked against the section its `m_def` names. Problems fail the entry with every reason listed.
import { isObject, type DataDefinition, type JsonObject } from '../parsers/archive-schema.ts';
import type { ParserInput } from '../types.ts';
import { rawEntryMainfiles, withRawDefinitionForms } from './archive-forms.ts';
import { checkData } from './data-check.ts';
import { SchemaResolver } from './resolve.ts';
import { rawArchives, SchemaFiles } from './schema-files.ts';
import { fillTabularData, rawTables } from './tabular.ts';

export interface SchemaOutcome {
  definitions?: JsonObject;
  data?: JsonObject;
  dataDefinition?: DataDefinition;
}

const failure = (what: string, problems: readonly string[]) => new Error(`${what}: ${problems.join('; ')}`);

/** Python paths of sections this server does not define (NOMAD plugins): their data is kept unchecked. */
const isQualifiedName = (mDef: string) => !mDef.includes('#') && /^[A-Za-z_]\w*(\.\w+)+$/.test(mDef);

export const applySchema = (
  given: JsonObject,
  input: Pick<ParserInput, 'mainfile' | 'rawRoot' | 'log' | 'otherUploadRaw' | 'uploadId'>,
): SchemaOutcome => {
  const otherRaw = input.otherUploadRaw ?? (() => undefined);
  const mainfiles = rawEntryMainfiles((id) => (id === input.uploadId ? input.rawRoot : otherRaw(id)));
  const archive = withRawDefinitionForms(given, input.uploadId, mainfiles);
  const files = new SchemaFiles(
    rawArchives(input.rawRoot, input.mainfile, archive, otherRaw, mainfiles, input.uploadId),
  );
  const outcome: SchemaOutcome = {};
  const own = files.normalized(input.mainfile);
  if (own) {
    if (own.problems.length > 0) throw failure('the schema has problems', own.problems);
    outcome.definitions = own.definitions;
  }
  const data = archive.data;
  if (!isObject(data)) return outcome;
  const mDef = typeof data.m_def === 'string' ? data.m_def : undefined;
  if (!mDef) {
    input.log(
      'WARNING',
      'data has no m_def: its section definition is unknown and its values are not checked',
    );
    return outcome;
  }
  const resolver = new SchemaResolver(files);
  const section = resolver.fromMDef(mDef, input.mainfile);
  const elsewhere = files.filesWithProblems().filter(([path]) => path !== input.mainfile);
  if (elsewhere.length > 0)
    throw failure(
      `the schema of data (m_def '${mDef}') has problems`,
      elsewhere.flatMap(([path, problems]) => problems.map((problem) => `${path}: ${problem}`)),
    );
  if (!section) {
    if (!isQualifiedName(mDef))
      throw new Error(`could not resolve the section definition of data (m_def '${mDef}')`);
    input.log('WARNING', `the section definition ${mDef} is not known here: data is kept unchecked`);
    outcome.dataDefinition = { name: mDef.split('.').pop()!, qualifiedName: mDef };
    return outcome;
  }
  const withTables = fillTabularData(data, section, {
    resolver,
    file: input.mainfile,
    tables: rawTables(input.rawRoot, input.mainfile),
    log: (level, message) => input.log(level, message),
  });
  const checked = checkData(withTables, section, resolver, input.mainfile);
  const problems = [...resolver.problems, ...checked.problems];
  if (problems.length > 0) throw failure(`data does not fit its definition ${section.name}`, problems);
  for (const warning of checked.warnings) input.log('WARNING', warning);
  outcome.data = checked.data;
  outcome.dataDefinition = {
    name: section.name,
    ...(section.origin.kind === 'builtin' ? { qualifiedName: section.origin.qualifiedName } : {}),
    section,
  };
  return outcome;
};
