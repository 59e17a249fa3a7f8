import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DatasetsQuery } from '@oasis/schema';
import { useState } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import type { PageState } from '../../core/pagination.ts';

type DatasetOrderBy = NonNullable<DatasetsQuery['order_by']>;

/** The columns the datasets table sorts by (spec 3 §2); each is an `order_by` of the API. */
const DATASET_ORDER_BY: readonly DatasetOrderBy[] = [
  'dataset_create_time',
  'dataset_modified_time',
  'dataset_name',
];

const isOrderBy = (value: string): value is DatasetOrderBy =>
  (DATASET_ORDER_BY as readonly string[]).includes(value);

/** Page size 10, newest first (spec 3 §9). */
const DEFAULT_PAGE: PageState = { page: 1, pageSize: 10, orderBy: 'dataset_create_time', order: 'desc' };

const DATASETS_KEY = ['datasets'] as const;

/** The datasets the user created, one page at a time: what NOMAD's datasets page asks for. */
export function useUserDatasets(userId: string) {
  const api = useApi();
  const [pageState, setPageState] = useState<PageState>(DEFAULT_PAGE);
  const { page, pageSize, orderBy, order } = pageState;
  const query = useQuery({
    queryKey: [...DATASETS_KEY, 'user', userId, pageState],
    queryFn: () =>
      api.call('datasetsList', {
        query: {
          page_size: pageSize,
          page,
          order_by: isOrderBy(orderBy) ? orderBy : 'dataset_create_time',
          order,
          user_id: userId,
        } satisfies DatasetsQuery,
      }),
    placeholderData: (previous) => previous,
  });
  return { query, pageState, setPageState };
}

/** Deleting or assigning a DOI changes the list (and the dataset pages): everything is asked again. */
export function useDatasetAction(operation: 'datasetDelete' | 'datasetDoi') {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (datasetId: string) => api.call(operation, { params: { dataset_id: datasetId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DATASETS_KEY }),
  });
}
