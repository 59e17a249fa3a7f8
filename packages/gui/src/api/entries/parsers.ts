/** The parser of NOMAD archive files (`*.archive.json|yaml`): notebook entries and users' schemas. */
export const ARCHIVE_PARSER = 'parsers/archive';
