import { bool, datetime, enumeration, float, int, LIST, repeating, section, str } from '../define.ts';

/** NOMAD's shape for lists that may be empty. */
const ANY_LENGTH = ['0..*'] as const;

/**
 * metadata: what the archive says about its entry (NOMAD's EntryMetadata), as processing writes it. It is
 * searched through the search registry, not through these definitions, so nothing here is flagged for
 * search. People and datasets, which NOMAD types as users and references, are
 * left out: the search documents carry them.
 */

export const compatibleSectionDef = section(
  'CompatibleSectionDef',
  'A section definition the archive uses.',
  [
    str('definition_qualified_name', 'Qualified name of the section definition.'),
    str('definition_id', 'Identifier of the section definition.'),
    bool('used_directly', 'Whether the section is instantiated itself, not only as a base of another.'),
  ],
);

export const entryArchiveReference = section(
  'EntryArchiveReference',
  'A reference from this archive into the archive of another entry.',
  [
    str('target_reference', 'The reference as written.'),
    str('target_entry_id', 'Id of the referenced entry.'),
    str('target_mainfile', 'Mainfile of the referenced entry.'),
    str('target_upload_id', 'Upload of the referenced entry.'),
    str('target_name', 'Name of the referenced quantity or section.'),
    str('target_path', 'Path of the referenced section in its archive.'),
    str('source_name', 'Name of the referencing quantity.'),
    str('source_path', 'Path of the referencing section in this archive.'),
    str('source_quantity', 'Definition of the referencing quantity.'),
  ],
);

export const searchableQuantity = section(
  'SearchableQuantity',
  'A value of the entry data, indexed by its path for search.',
  [
    str('id', 'Path of the quantity with its schema.'),
    str('definition', 'Qualified name of the quantity definition.'),
    str('path_archive', 'Path of the value in the archive.'),
    bool('bool_value', 'The value, when a boolean.'),
    str('str_value', 'The value, when text.'),
    int('int_value', 'The value, when an integer.'),
    float('float_value', 'The value, when a number.'),
    datetime('datetime_value', 'The value, when a time.'),
  ],
);

export const entryMetadata = section(
  'EntryMetadata',
  'The entry this archive belongs to: ids, names, files, processing and sharing.',
  [
    str('upload_id', 'Id of the upload the entry belongs to.'),
    str('upload_name', 'Name the uploader gave the upload.'),
    datetime('upload_create_time', 'When the upload was created.'),
    str('entry_id', 'Unique, persistent id of the entry.'),
    str('entry_name', 'A brief human readable name for the entry.'),
    str('entry_type', 'The kind of entry, e.g. the code or schema that produced it.'),
    str('calc_id', 'Legacy name of the entry id.'),
    str('entry_hash', 'Hash of the files of the entry.'),
    datetime('entry_create_time', 'When the entry was created.'),
    datetime('last_edit_time', 'When the metadata of the entry were last edited.'),
    str('parser_name', 'The parser that processed the mainfile.'),
    str('mainfile', 'Path of the mainfile within the upload.'),
    str('mainfile_key', 'Key of the entry within a mainfile with several entries.'),
    str('text_search_contents', 'Words for free-text search.', { shape: LIST }),
    str('files', 'Paths of the files that belong to the entry.', { shape: ANY_LENGTH }),
    str('pid', 'Legacy numeric id of the entry.'),
    str('raw_id', 'Id the code gave the calculation.'),
    str('external_id', 'Id of the entry in an external database.'),
    bool('published', 'Whether the entry is published.'),
    datetime('publish_time', 'When the entry was published.'),
    bool('with_embargo', 'Whether the entry is under embargo.'),
    int('embargo_length', 'Length of the embargo in months.'),
    str('license', 'License of the entry data.'),
    bool('processed', 'Whether processing succeeded.'),
    datetime('last_processing_time', 'When the entry was last processed.'),
    str('processing_errors', 'Errors raised while processing the entry.', { shape: LIST }),
    str('nomad_version', 'Version of the software that processed the entry.'),
    str('nomad_commit', 'Source revision of the software that processed the entry.'),
    str('comment', 'A comment by the uploader.'),
    str('references', 'References (URLs) given for the entry.', { shape: ANY_LENGTH }),
    enumeration('external_db', 'The external database the entry comes from.', [
      'AFLOW',
      'EELS Data Base',
      'Kyoto Phonopy Database',
      'Materials Project',
      'OQMD',
      'The Perovskite Database Project',
    ]),
    str('origin', 'Name of the person or database the entry comes from.'),
    enumeration('domain', 'The domain of the entry data.', ['dft', 'ems', 'nexus']),
    int('n_quantities', 'Number of quantities with values in the archive.'),
    str('quantities', 'Paths of the sections the archive has.', { shape: ANY_LENGTH }),
    str('sections', 'Qualified names of the section definitions the archive uses.', { shape: LIST }),
  ],
  [
    repeating('section_defs', compatibleSectionDef),
    repeating('entry_references', entryArchiveReference),
    repeating('search_quantities', searchableQuantity),
  ],
);
