import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerOperation } from '../http/register-operation.ts';
import { listDatasetsFor, readDataset } from '../services/datasets.ts';
import { datasetToWire } from '../services/datasets-wire.ts';

/** NOMAD's datasets: public listing and lookup (creating them comes with a later release). */
export const datasetsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (api) => {
    registerOperation(api, 'datasetsList', async (request) => {
      const { rows, pagination } = await listDatasetsFor(ctx, request.user, request.query);
      return { pagination, data: rows.map(datasetToWire) };
    });

    registerOperation(api, 'datasetById', async (request) => {
      const dataset = await readDataset(ctx, request.user, request.params.dataset_id);
      return { dataset_id: dataset.dataset_id, data: datasetToWire(dataset) };
    });
  };
