import type { EditableMetadata, EditV0Request, EditV0Response } from '@oasis/schema';
import type { CurrentUser } from '../auth/current-user.ts';
import type { AppContext } from '../context.ts';
import { badRequest, HttpError } from '../errors.ts';
import { findDatasetRefs, insertDataset } from '../store/datasets.ts';
import { datasetIdsOfEntries } from '../store/entry-metadata.ts';
import { resolveUserRefs } from '../store/upload-metadata.ts';
import { loggedIn, type Caller } from './caller.ts';
import { findEditTargets, runEdit, type EditPlan } from './metadata-edit.ts';

type Action = { value?: string; success?: boolean; message?: string | null };
type Field = 'comment' | 'entry_name' | 'references' | 'datasets' | 'coauthors' | 'reviewers';

const SCALARS: readonly string[] = ['comment', 'entry_name'];
const LISTS: readonly string[] = ['references', 'datasets', 'coauthors', 'reviewers'];

/** The request's actions, each marked successful until a check says otherwise. */
const actionsOf = (request: EditV0Request): Map<Field, Action[]> => {
  const actions = new Map<Field, Action[]>();
  for (const [name, value] of Object.entries(request.actions)) {
    if (!SCALARS.includes(name) && !LISTS.includes(name)) throw badRequest(`Unknown quantity ${name}`);
    if (Array.isArray(value) === SCALARS.includes(name)) throw badRequest(`Wrong shape for quantity ${name}`);
    const list = (Array.isArray(value) ? value : [value]).map((action) => ({
      value: action.value?.trim(),
      success: true,
      message: null,
    }));
    actions.set(name as Field, list);
  }
  return actions;
};

const fail = (action: Action, message: string) => {
  action.success = false;
  action.message = message;
};

/** The values of a list quantity, each once; repeated ones fail as NOMAD's v0 API says. */
const listValues = (actions: readonly Action[]): string[] => {
  const values: string[] = [];
  for (const action of actions) {
    if (!action.value) continue;
    if (values.includes(action.value)) fail(action, 'Duplicate values are not allowed');
    else values.push(action.value);
  }
  return values;
};

/** The caller's datasets named by the datasets actions; names not found are created when not verifying. */
const datasetPlan = async (ctx: AppContext, user: CurrentUser, actions: readonly Action[]) => {
  const names = listValues(actions);
  const { byName } = await findDatasetRefs(ctx.db, names, user.user_id);
  const missing = names.filter((name) => !byName.has(name));
  for (const action of actions)
    if (action.value && missing.includes(action.value))
      action.message = 'Dataset does not exist and will be created';
  return { existing: names.flatMap((name) => byName.get(name)?.dataset_id ?? []), missing };
};

/**
 * POST entries/edit_v0, NOMAD's older edit API: every action sets its quantity on all entries the query
 * selects (owner `user` unless given: the caller's own uploads), lists replaced as a whole; datasets are
 * named and created when missing. Carried out by the same rules as POST entries/edit (runEdit), whose
 * located problems become the actions' messages. `failed` asks for a 400 answer.
 */
export const editV0 = async (
  ctx: AppContext,
  caller: Caller,
  request: EditV0Request,
): Promise<{ response: EditV0Response; failed: boolean }> => {
  const user = loggedIn(caller);
  const actions = actionsOf(request);
  const metadata: EditableMetadata = {};
  const scalar = (field: 'comment' | 'entry_name') => actions.get(field)?.[0]?.value ?? '';
  if (actions.has('comment')) metadata.comment = scalar('comment');
  if (actions.has('entry_name')) metadata.entry_name = scalar('entry_name');
  if (actions.has('references')) metadata.references = { set: listValues(actions.get('references')!) };
  for (const role of ['coauthors', 'reviewers'] as const) {
    const roleActions = actions.get(role);
    if (!roleActions) continue;
    const ids = listValues(roleActions);
    const known = await resolveUserRefs(ctx.db, ids);
    for (const action of roleActions)
      if (action.value && known.get(action.value) !== action.value) fail(action, 'User does not exist');
    metadata[role] = { set: ids.filter((id) => known.get(id) === id) };
  }
  const entryIds = await findEditTargets(ctx, user, request.owner ?? 'user', request.query ?? {});
  const datasets = actions.has('datasets')
    ? await datasetPlan(ctx, user, actions.get('datasets')!)
    : undefined;
  const datasetOps: { add: string[]; remove: string[] } = { add: [], remove: [] };
  if (datasets) {
    // Datasets the entries have already are left alone: one with a DOI must not count as added again.
    const kept = new Set(datasets.existing);
    const old = await datasetIdsOfEntries(ctx.db, entryIds);
    datasetOps.add = datasets.existing.filter((id) => !old.includes(id));
    datasetOps.remove = old.filter((id) => !kept.has(id));
    metadata.datasets = datasetOps;
  }

  const messages: string[] = [];
  const plan: EditPlan = { entryIds, metadata, uploadFieldsWithQuery: true };
  const run = async (verifyOnly: boolean) => {
    if (entryIds.length === 0 || Object.keys(metadata).length === 0) return;
    try {
      await runEdit(ctx, user, { ...plan, verifyOnly });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 422 || typeof error.detail === 'string')
        throw error;
      for (const item of error.detail) {
        for (const action of actions.get(item.loc[1] as Field) ?? []) fail(action, item.msg);
        messages.push(item.msg);
      }
    }
  };
  await run(true);
  const failed = messages.length > 0 || [...actions.values()].flat().some((action) => !action.success);
  if (!request.verify && !failed) {
    for (const name of datasets?.missing ?? []) {
      const created = await insertDataset(ctx.db, {
        dataset_name: name,
        user_id: user.user_id,
        dataset_create_time: ctx.clock.now(),
      });
      datasetOps.add.push(created.dataset_id);
    }
    await run(false);
  }
  const response: EditV0Response = {
    ...(request.owner ? { owner: request.owner } : {}),
    query: request.query ?? null,
    verify: request.verify ?? false,
    success: !failed && messages.length === 0,
    message: messages.length > 0 ? messages.join('; ') : null,
    actions: Object.fromEntries(
      [...actions].map(([name, list]) => [name, SCALARS.includes(name) ? list[0]! : list]),
    ),
  };
  return { response, failed: !response.success && !request.verify };
};
