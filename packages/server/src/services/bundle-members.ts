import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { badRequest } from '../errors.ts';
import { findDataset, findDatasetByName, insertDataset, listDatasets } from '../store/datasets.ts';
import { createUser, DuplicateUserError, findUserByEmail } from '../store/users.ts';
import type { BundleInfo } from './bundle-info.ts';

/**
 * The local user of each member of a bundle, found by email; a member not known here becomes a user
 * without a password (who can sign in only after setting one, e.g. through an invitation or an admin).
 * Members without an email cannot be mapped: the main author then refuses the bundle, others are left out.
 */
export const mapBundleUsers = async (tx: Queryable, info: BundleInfo): Promise<Map<string, string>> => {
  const local = new Map<string, string>();
  for (const user of info.users) {
    const email = user.email?.trim();
    if (!email) continue;
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      local.set(user.user_id, existing.user_id);
      continue;
    }
    const fields = {
      email,
      first_name: user.first_name,
      last_name: user.last_name,
      affiliation: user.affiliation ?? undefined,
    };
    const created = await createUser(tx, { ...fields, username: email }).catch(async (error: unknown) => {
      // The email is free but another user took it as username: a distinct one is made up.
      if (!(error instanceof DuplicateUserError)) throw error;
      return createUser(tx, { ...fields, username: `${email}-${randomBytes(3).toString('hex')}` });
    });
    local.set(user.user_id, created.user_id);
  }
  if (!local.has(info.upload.main_author))
    throw badRequest('The main author of the bundle has no email: they cannot be matched to a user here.');
  return local;
};

/**
 * The local dataset of each dataset of a bundle: the same id or else the same name, if that dataset here
 * belongs to the (mapped) owner and has no DOI (a DOI dataset is frozen, another's dataset is not the
 * importer's to fill); else a new one, with the bundle's id where it is free (and its DOI, unless a dataset
 * here has it).
 */
export const mapBundleDatasets = async (
  tx: Queryable,
  info: BundleInfo,
  users: ReadonlyMap<string, string>,
): Promise<Map<string, string>> => {
  const local = new Map<string, string>();
  const fallbackOwner = users.get(info.upload.main_author)!;
  for (const dataset of info.datasets) {
    const owner = users.get(dataset.user_id) ?? fallbackOwner;
    const usable = (row: Awaited<ReturnType<typeof findDataset>>) =>
      row && row.user_id === owner && !row.doi ? row : undefined;
    const sameId = await findDataset(tx, dataset.dataset_id);
    const sameName = await findDatasetByName(tx, owner, dataset.dataset_name);
    const known = usable(sameId) ?? usable(sameName);
    if (known) {
      local.set(dataset.dataset_id, known.dataset_id);
      continue;
    }
    const doiTaken =
      dataset.doi !== null &&
      (
        await listDatasets(
          tx,
          { doi: dataset.doi },
          { orderBy: 'dataset_id', order: 'asc', limit: 1, offset: 0 },
        )
      ).total > 0;
    const created = await insertDataset(tx, {
      ...(sameId ? {} : { dataset_id: dataset.dataset_id }),
      // The owner's frozen dataset keeps its name; this one says where it came from.
      dataset_name: sameName ? `${dataset.dataset_name} (upload ${info.upload_id})` : dataset.dataset_name,
      user_id: owner,
      dataset_type: dataset.dataset_type,
      doi: doiTaken ? null : dataset.doi,
      dataset_create_time: new Date(dataset.dataset_create_time),
    });
    local.set(dataset.dataset_id, created.dataset_id);
  }
  return local;
};
