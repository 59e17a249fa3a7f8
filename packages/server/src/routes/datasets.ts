import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import { assignDoi } from '../services/dataset-doi.ts';
import { createDataset, deleteDataset, listDatasetsFor, readDataset } from '../services/datasets.ts';
import { datasetToWire } from '../services/datasets-wire.ts';

const answer = (dataset: Parameters<typeof datasetToWire>[0]) => ({
  dataset_id: dataset.dataset_id,
  data: datasetToWire(dataset),
});

/** NOMAD's datasets: public listing and lookup; creating, deleting and DOIs for their creators. */
export const datasetsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (api) => {
    registerOperation(api, 'datasetsList', async (request) => {
      const { rows, pagination } = await listDatasetsFor(ctx, request.user, request.query);
      return { pagination, data: rows.map(datasetToWire) };
    });

    registerOperation(api, 'datasetById', async (request) =>
      answer(await readDataset(ctx, request.user, request.params.dataset_id)),
    );

    registerOperation(api, 'datasetCreate', async (request) =>
      answer(await createDataset(ctx, request.user, request.body)),
    );

    registerOperation(api, 'datasetDelete', async (request) =>
      answer(await deleteDataset(ctx, request.user, request.params.dataset_id)),
    );

    registerOperation(api, 'datasetDoi', async (request) =>
      answer(await assignDoi(ctx, request.user, request.params.dataset_id)),
    );
  };
