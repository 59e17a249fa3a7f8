import { buildQuery } from '@oasis/client';
import {
  Alert,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { isRelatedResourcesResponse, type EntryResults, type RelatedResourcesResponse } from '@oasis/schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import { useEnv } from '../../core/EnvProvider.tsx';
import { formatDateTime } from '../../components/dateTime.ts';
import { PropertyCard } from '../../components/PropertyCard.tsx';

/** Spec 3: shown while the databases are asked and nothing is known yet. */
export const UPDATING_RESOURCES = 'Updating external resources, try again later';
const PAGE_SIZES = [10, 50, 100];
/** How often to ask again while the server says it is retrieving more. */
const REFRESH_MS = 3000;

/** What the resources API is asked about a material: its formula and its conventional cell's sites. */
export function resourcesQuery(results: EntryResults | undefined) {
  const material = results?.material;
  const formula = material?.chemical_formula_reduced;
  if (!formula) return undefined;
  const conventional = results?.properties?.structures?.structure_conventional;
  return {
    chemical_formula_reduced: formula,
    space_group_number: material.symmetry?.space_group_number ?? undefined,
    n_sites: conventional?.n_sites ?? undefined,
    wyckoff_letters: [
      ...new Set(
        (conventional?.wyckoff_sets ?? []).flatMap((set) => (set.wyckoff_letter ? [set.wyckoff_letter] : [])),
      ),
    ].sort(),
  };
}

/**
 * Related resources (spec 3 §2): the same material in other databases, from the installation's resources
 * API, sorted by id, 10 a page. While the databases are being asked the card asks again.
 */
export function RelatedResourcesCard({ results }: { results: EntryResults | undefined }) {
  const api = useApi();
  const { appBase } = useEnv();
  const query = resourcesQuery(results);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const answer = useQuery({
    queryKey: ['resources', query],
    enabled: query !== undefined,
    queryFn: async (): Promise<RelatedResourcesResponse> => {
      const body = await api.getJson(`${appBase}/resources/${buildQuery(query)}`, { noLoading: true });
      if (!isRelatedResourcesResponse(body))
        throw new Error('The resources API answered in a form this page does not know.');
      return body;
    },
    refetchInterval: (current) => (current.state.data?.is_retrieving_more ? REFRESH_MS : false),
    meta: { silent: true },
    retry: false,
  });
  if (!query || answer.isPending) return null;
  if (answer.isError)
    return (
      <PropertyCard title="Related resources">
        <Alert severity="error">Could not load the related resources: {answer.error.message}</Alert>
      </PropertyCard>
    );
  const { data, is_retrieving_more: retrieving } = answer.data;
  if (data.length === 0 && !retrieving) return null;
  const sorted = [...data].sort((a, b) => a.id.localeCompare(b.id));
  return (
    <PropertyCard title="Related resources">
      {data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {UPDATING_RESOURCES}
        </Typography>
      ) : (
        <>
          <Table size="small" aria-label="related resources">
            <TableHead>
              <TableRow>
                <TableCell>Database</TableCell>
                <TableCell>Record</TableCell>
                <TableCell>Retrieved</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.slice(page * pageSize, (page + 1) * pageSize).map((resource) => (
                <TableRow key={`${resource.database_name}/${resource.id}`}>
                  <TableCell>
                    <Tooltip title={resource.comment ?? ''}>
                      <span>{resource.database_name}</span>
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    <Link href={resource.url} target="_blank" rel="noreferrer">
                      {resource.id}
                    </Link>
                  </TableCell>
                  <TableCell>{formatDateTime(resource.download_time)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={sorted.length}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
          />
        </>
      )}
    </PropertyCard>
  );
}
