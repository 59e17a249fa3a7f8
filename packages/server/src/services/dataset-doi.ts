import type { AppContext } from '../context.ts';
import { DataciteError, registerDoi } from '../datacite/client.ts';
import { badRequest, HttpError } from '../errors.ts';
import {
  datasetAuthors,
  datasetContents,
  findDataset,
  setDatasetDoi,
  type DatasetRow,
} from '../store/datasets.ts';
import { loggedIn, type Caller } from './caller.ts';
import { changeableDataset, DATASET_IS_FIXED } from './datasets.ts';

/** Creators named in one DOI: DataCite's records stay readable, and the query stays bounded. */
const MAX_CREATORS = 1000;

const DATASET_EMPTY =
  'The dataset is empty. No DOI can be assigned at this moment. Add some published contents to the dataset first.';
const DATASET_UNPUBLISHED =
  'The dataset has unpublished contents. No DOI can be assigned at the moment. Publish the dataset contents first.';

/**
 * POST datasets/{id}/action/doi: registers a findable DOI with DataCite for a dataset of the caller (or
 * any, for an admin) whose entries are all published, with the entries' authors as creators and the
 * dataset's page in the GUI as landing page. The dataset is final afterwards: it cannot be deleted and
 * its entries cannot change (spec 3 §4). Without DataCite configured the request is refused with 503.
 */
export const assignDoi = async (ctx: AppContext, caller: Caller, datasetId: string): Promise<DatasetRow> => {
  const user = loggedIn(caller);
  const dataset = changeableDataset(await findDataset(ctx.db, datasetId), user);
  if (dataset.doi !== null) throw badRequest(DATASET_IS_FIXED);
  const datacite = ctx.config.datacite;
  if (!datacite)
    throw new HttpError(503, 'DOIs cannot be assigned: DataCite is not configured on this installation.');
  const contents = await datasetContents(ctx.db, dataset.dataset_id);
  if (contents.entries === 0) throw badRequest(DATASET_EMPTY);
  if (contents.unpublished > 0) throw badRequest(DATASET_UNPUBLISHED);
  const authors = await datasetAuthors(ctx.db, dataset.dataset_id, MAX_CREATORS);
  const now = ctx.clock.now();
  let doi: string;
  try {
    doi = await registerDoi(datacite, {
      title: `NOMAD dataset: ${dataset.dataset_name}`,
      creators: authors.map((author) => ({
        name: [author.last_name, author.first_name].filter(Boolean).join(', ') || author.username,
        givenName: author.first_name,
        familyName: author.last_name,
        ...(author.affiliation ? { affiliation: author.affiliation } : {}),
      })),
      publicationYear: now.getUTCFullYear(),
      url: `${ctx.config.publicOrigin}${ctx.config.basePath}/gui/dataset/id/${dataset.dataset_id}`,
    });
  } catch (error) {
    if (!(error instanceof DataciteError)) throw error;
    throw new HttpError(502, `The DOI could not be registered, please try again later. ${error.message}`);
  }
  // Two requests at once may both reach DataCite; only the first DOI is kept.
  if (!(await setDatasetDoi(ctx.db, dataset.dataset_id, doi, now))) throw badRequest(DATASET_IS_FIXED);
  return (await findDataset(ctx.db, dataset.dataset_id)) ?? dataset;
};
