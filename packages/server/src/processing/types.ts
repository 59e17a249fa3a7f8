// Contracts between the parser registry, the parsers and the pipeline.
import type { EntryArchive, LogLevel } from '@oasis/schema';
import type { Compression } from '../files/decompressed-range.ts';
import type { DataDefinition } from './parsers/archive-schema.ts';
import type { Structure } from './structure.ts';

export interface ParserInput {
  /** Path of the mainfile relative to the upload's raw folder (NOMAD 'mainfile'). */
  mainfile: string;
  /** Absolute path on disk, for parsers that resolve sibling files. */
  absolutePath: string;
  /** Folder the mainfile paths are relative to (the upload's raw folder). */
  rawRoot: string;
  /** The upload being processed (entry ids of its archive files name their definitions). */
  uploadId?: string;
  /** Raw folders of other uploads by id, for schemas in them ('../uploads/{id}/raw/...'); none: not read. */
  otherUploadRaw?: (uploadId: string) => string | undefined;
  /**
   * Other mainfiles in the mainfile's folder (upload paths) with their parsers' names, for a parser
   * whose run builds on another entry's (Wannier90 on a DFT run); listed when called, not before.
   */
  folderMainfiles?: () => Promise<FolderMainfile[]>;
  /** The mainfile's content (already decompressed). */
  content: Buffer;
  /** Adds a WARNING/INFO line to the entry's processing logs. */
  log: (level: LogLevel, event: string) => void;
}

/** A mainfile beside another one: its upload path and the name of the parser that matches it. */
export interface FolderMainfile {
  path: string;
  parser: string;
}

/** What a streaming parser gets instead of the whole content. */
interface StreamParserInput extends Omit<ParserInput, 'content'> {
  /** The mainfile's content (decompressed) as chunks, read as they are consumed; stop early at will. */
  read: () => AsyncIterable<Buffer>;
}

/** Symmetry as declared by the source file (not analysed). */
export interface DeclaredSymmetry {
  spaceGroupSymbol?: string;
  spaceGroupNumber?: number;
}

/** run and workflow2 as the metainfo defines them; other sections are of an upload's own schemas. */
export type ParsedSections = Pick<EntryArchive, 'run' | 'workflow2'> & Record<string, unknown>;

export interface ParserOutput {
  /**
   * Top-level archive sections the parser produces: run and workflow2 of the built-in definitions, and
   * others (data, definitions) of the schemas an upload brings.
   */
  sections: ParsedSections;
  /** The structure to normalise into results.material / structure_original, if any. */
  structure?: Structure;
  declaredSymmetry?: DeclaredSymmetry;
  /** Chemical formula as written in the source file, if it has one. */
  declaredFormula?: string;
  /** metadata.entry_type; omitted when the parser cannot tell (NOMAD then leaves it empty). */
  entryType?: string;
  /** metadata.domain ('nexus' for NeXus files); omitted where NOMAD sets none. */
  domain?: string;
  /** metadata.entry_name when the content names the entry; the pipeline falls back to the file name. */
  entryName?: string;
  /** The schema section of the archive's `data`, for its search quantities (archive files only). */
  dataDefinition?: DataDefinition;
}

/** What NOMAD's GUI shows of the code a parser reads (its code list and entries' parser names). */
interface CodeMetadata {
  codeLabel: string;
  /** Ends in a word the GUI's plural dictionary knows ('code', 'parser'). */
  codeCategory: string;
  codeUrl?: string;
  /** Markdown table of the files the parser reads, as the upload page's code list shows it. */
  tableOfFiles?: string;
  parserSpecific?: string;
}

export interface MainfileParser {
  /** NOMAD-style parser name, e.g. 'parsers/archive'. */
  name: string;
  code: CodeMetadata;
  /** Tested against the mainfile path relative to the upload (compression suffix removed). */
  mainfileName: RegExp;
  /** Tested against the first 4 KB of the (decompressed) file, decoded as latin1. */
  mainfileContents?: RegExp;
  /** Compressed variants of the mainfile the parser accepts ('x.cif.gz'). */
  compressions?: readonly Compression[];
  parse: (input: ParserInput) => ParserOutput | Promise<ParserOutput>;
  /**
   * Largest mainfile (decompressed bytes) the parser reads whole; a bigger file fails its entry before
   * it is read. A number, or one per mainfile path (JSON and YAML differ). The pipeline has a default.
   */
  maxBytes?: number | ((mainfile: string) => number);
  /** Streaming parsers read the file as it comes, with no size limit of their own; used over `parse`. */
  parseStream?: (input: StreamParserInput) => Promise<ParserOutput>;
}
