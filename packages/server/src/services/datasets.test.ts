// The datasets service against the embedded database: NOMAD's filters, pages and order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetsQuery } from '@oasis/schema';
import { HttpError } from '../errors.ts';
import { insertDataset } from '../store/datasets.ts';
import { createCaller } from '../testing/callers.ts';
import { openServiceContext, type ServiceTestContext } from '../testing/service-context.ts';
import { DATASET_NOT_FOUND, listDatasetsFor, readDataset } from './datasets.ts';

describe('datasets', () => {
  let service: ServiceTestContext;
  let adaId: string;
  let bobId: string;

  const names = async (query: DatasetsQuery) =>
    (await listDatasetsFor(service.ctx, undefined, query)).rows.map((row) => row.dataset_name);

  beforeAll(async () => {
    service = await openServiceContext();
    const { db } = service.ctx;
    adaId = (await createCaller(db, 'ada')).user_id;
    bobId = (await createCaller(db, 'bob')).user_id;
    const day = (n: number) => new Date(Date.UTC(2024, 0, n));
    await insertDataset(db, {
      dataset_id: 'd3',
      dataset_name: 'Perovskites',
      user_id: adaId,
      dataset_create_time: day(3),
    });
    await insertDataset(db, {
      dataset_id: 'd1',
      dataset_name: 'perovskite films',
      user_id: bobId,
      dataset_create_time: day(1),
    });
    await insertDataset(db, {
      dataset_id: 'd2',
      dataset_name: 'Alloys',
      user_id: adaId,
      doi: '10.17172/NOMAD/2024.01.02-1',
      dataset_create_time: day(2),
    });
    await insertDataset(db, {
      dataset_id: 'd4',
      dataset_name: 'per_cent',
      user_id: bobId,
      dataset_type: 'foreign',
      dataset_create_time: day(4),
    });
  });
  afterAll(async () => service?.close());

  it('filters by exact values, and by the start of the name regardless of case', async () => {
    expect(await names({ user_id: adaId })).toEqual(['Alloys', 'Perovskites']);
    expect(await names({ dataset_id: 'd1' })).toEqual(['perovskite films']);
    expect(await names({ dataset_name: 'perovskites' })).toEqual([]);
    expect(await names({ dataset_name: 'Perovskites' })).toEqual(['Perovskites']);
    expect(await names({ dataset_type: 'foreign' })).toEqual(['per_cent']);
    expect(await names({ doi: '10.17172/NOMAD/2024.01.02-1' })).toEqual(['Alloys']);
    expect(await names({ prefix: 'PEROV' })).toEqual(['perovskite films', 'Perovskites']);
    // The prefix is text, not a pattern; it replaces dataset_name, as in NOMAD.
    expect(await names({ prefix: 'per_' })).toEqual(['per_cent']);
    expect(await names({ prefix: 'per%' })).toEqual([]);
    expect(await names({ prefix: 'allo', dataset_name: 'Perovskites' })).toEqual(['Alloys']);
    expect(await names({ prefix: 'perov', user_id: bobId })).toEqual(['perovskite films']);
  });

  it('orders by id unless told otherwise, and names no order_by then', async () => {
    const byId = await listDatasetsFor(service.ctx, undefined, {});
    expect(byId.rows.map((row) => row.dataset_id)).toEqual(['d1', 'd2', 'd3', 'd4']);
    expect(byId.pagination).toEqual({ page_size: 10, order: 'asc', page: 1, total: 4 });
    expect(await names({ order_by: 'dataset_create_time', order: 'desc' })).toEqual([
      'per_cent',
      'Perovskites',
      'Alloys',
      'perovskite films',
    ]);
    // Byte order, as NOMAD's MongoDB: capitals first.
    expect(await names({ order_by: 'dataset_name' })).toEqual([
      'Alloys',
      'Perovskites',
      'per_cent',
      'perovskite films',
    ]);
  });

  it('pages as NOMAD does, refusing pages past the end', async () => {
    const second = await listDatasetsFor(service.ctx, undefined, {
      page: 2,
      page_size: 2,
      order_by: 'dataset_name',
    });
    expect(second.rows.map((row) => row.dataset_name)).toEqual(['per_cent', 'perovskite films']);
    expect(second.pagination).toEqual({
      page_size: 2,
      order_by: 'dataset_name',
      order: 'asc',
      page: 2,
      page_after_value: '1',
      total: 4,
    });
    const first = await listDatasetsFor(service.ctx, undefined, { page_size: 3 });
    expect(first.pagination.next_page_after_value).toBe('2');
    const counted = await listDatasetsFor(service.ctx, undefined, { page_size: 0, page: 7 });
    expect(counted).toMatchObject({ rows: [], pagination: { page_size: 0, page: 1, total: 4 } });
    for (const query of [
      { page: 3, page_size: 2 },
      { page: 2, user_id: 'nobody' },
    ]) {
      await expect(listDatasetsFor(service.ctx, undefined, query)).rejects.toThrow(
        new HttpError(400, 'Page out of range requested.'),
      );
    }
    expect((await listDatasetsFor(service.ctx, undefined, { user_id: 'nobody' })).pagination.total).toBe(0);
  });

  it('reads one dataset by id, or says it does not exist', async () => {
    expect((await readDataset(service.ctx, undefined, 'd2')).doi).toBe('10.17172/NOMAD/2024.01.02-1');
    await expect(readDataset(service.ctx, undefined, 'missing')).rejects.toThrow(DATASET_NOT_FOUND);
  });

  it('keeps names unique per user and DOIs unique', async () => {
    const { db } = service.ctx;
    await expect(insertDataset(db, { dataset_name: 'Alloys', user_id: adaId })).rejects.toThrow();
    await expect(
      insertDataset(db, { dataset_name: 'Other', user_id: bobId, doi: '10.17172/NOMAD/2024.01.02-1' }),
    ).rejects.toThrow();
    expect((await insertDataset(db, { dataset_name: 'Alloys', user_id: bobId })).dataset_id).toMatch(
      /^[A-Za-z0-9_-]{22}$/,
    );
  });
});
