// The archive files of an upload that schemas refer to, each read, listed and normalized once per
// processing of an entry; reads stay inside the upload's raw folder.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { realPathInside } from '../raw-paths.ts';
import { isObject, readArchiveObject, type JsonObject } from '../parsers/archive-schema.ts';
import { withRawDefinitionForms, type EntryMainfiles } from './archive-forms.ts';
import { normalizePackage, type NormalizedPackage } from './normalize.ts';
import type { RawSection } from './raw-definitions.ts';
import { sectionsOfRoot, splitFileKey } from './references.ts';

/** A referenced schema file is read whole: as large as an archive file the parser reads (YAML's limit). */
const MAX_SCHEMA_BYTES = 8 * 1024 ** 2;

/** The archive of an upload path, or undefined when there is none (or it may not be read). */
export type ArchiveSource = (path: string) => JsonObject | undefined;

/** The raw folder of another upload, by its id (undefined: other uploads are not read here). */
export type OtherUploadRaw = (uploadId: string) => string | undefined;

/**
 * Archive files of the upload's raw folder, and of other uploads' ('../uploads/{id}/raw/{path}' keys),
 * read while an entry is processed; reads stay inside each raw folder (`mainfile`'s archive is given: it
 * is read already). Whether the uploader may read another upload is checked when the entry is stored.
 */
export const rawArchives = (
  rawRoot: string,
  mainfile: string,
  mainArchive: JsonObject,
  otherRaw: OtherUploadRaw = () => undefined,
  mainfiles: EntryMainfiles = () => new Map(),
  ownUploadId?: string,
): ArchiveSource => {
  return (key) => {
    if (key === mainfile) return mainArchive;
    const { uploadId, path } = splitFileKey(key);
    const root = uploadId === undefined ? rawRoot : otherRaw(uploadId);
    if (root === undefined) return undefined;
    const absolute = realPathInside(resolve(root, path), root);
    if (absolute === undefined) return undefined;
    let archive: JsonObject;
    try {
      if (statSync(absolute).size > MAX_SCHEMA_BYTES) return undefined;
      archive = readArchiveObject(readFileSync(absolute, 'utf8'), absolute);
    } catch {
      return undefined;
    }
    // Its '../upload/...' references are of its own upload.
    return withRawDefinitionForms(archive, uploadId ?? ownUploadId, mainfiles);
  };
};

export class SchemaFiles {
  private readonly roots = new Map<string, JsonObject | undefined>();
  private readonly sections = new Map<string, RawSection[] | undefined>();
  private readonly packages = new Map<string, NormalizedPackage | undefined>();

  constructor(private readonly source: ArchiveSource) {}

  /** The archive of an upload path (each read once). */
  root(path: string): JsonObject | undefined {
    if (!this.roots.has(path)) this.roots.set(path, this.source(path));
    return this.roots.get(path);
  }

  rawSections(path: string): RawSection[] | undefined {
    if (!this.sections.has(path)) {
      const root = this.root(path);
      this.sections.set(path, root ? sectionsOfRoot(root) : undefined);
    }
    return this.sections.get(path);
  }

  /** The file's definitions as NOMAD stores them, with their problems. */
  normalized(path: string): NormalizedPackage | undefined {
    if (!this.packages.has(path)) {
      const definitions = this.root(path)?.definitions;
      this.packages.set(
        path,
        isObject(definitions)
          ? normalizePackage(definitions, path, (file) => this.rawSections(file))
          : undefined,
      );
    }
    return this.packages.get(path);
  }

  /** The files normalized so far whose definitions have problems, with those problems. */
  filesWithProblems(): [string, string[]][] {
    return [...this.packages].flatMap(([path, normalized]) =>
      normalized && normalized.problems.length > 0 ? [[path, normalized.problems]] : [],
    );
  }
}
