// GET systems/{entry_id}: one system of an entry's archive written as a structure file. The caller's
// right to read the entry is that of its archive (readEntryArchive answers 404 for invisible entries).
import { withWrapMode } from '@oasis/chem';
import type { SystemFormat, WrapMode } from '@oasis/schema';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { systemAtoms } from '../structure-files/atoms.ts';
import { UnwritableStructure, writeStructureFile, type StructureFile } from '../structure-files/write.ts';
import type { Caller } from './caller.ts';
import { readEntryArchive } from './entries.ts';

/** The systems NOMAD addresses: a topology system or a system of a run (indices may count from the end). */
const SYSTEM_PATH = /^(results\/material\/topology\/-?\d+|run\/-?\d+\/system\/-?\d+)$/;

/** The path without NOMAD's reference prefixes ('#/', '/') and a trailing slash. */
const normalisePath = (path: string) => path.replace(/^#?\/*/, '').replace(/\/+$/, '');

export const readSystemFile = async (
  ctx: AppContext,
  caller: Caller,
  entryId: string,
  query: { path: string; format?: SystemFormat; wrap_mode?: WrapMode },
): Promise<StructureFile> => {
  const path = normalisePath(query.path);
  if (!SYSTEM_PATH.test(path)) {
    throw badRequest(
      `The path '${query.path}' does not point to a system: use results/material/topology/{index} or run/{index}/system/{index}.`,
    );
  }
  const { archive } = await readEntryArchive(ctx, caller, entryId, '*');
  const atoms = systemAtoms(archive, path);
  if (atoms === 'missing') throw notFound(`Could not find a system at the path '${path}' in this entry.`);
  if (atoms === 'no-atoms') throw badRequest(`The system at the path '${path}' has no atoms.`);
  try {
    return writeStructureFile(withWrapMode(atoms, query.wrap_mode ?? 'original'), query.format ?? 'pdb');
  } catch (error) {
    if (error instanceof UnwritableStructure) throw badRequest(error.message);
    throw error;
  }
};
