import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Public from '@mui/icons-material/Public';
import { Tooltip } from '@mui/material';
import { Fragment } from 'react';
import { formatAuthors, UNAVAILABLE } from '../../../components/format.ts';
import { SafeLink } from '../../../components/SafeLink.tsx';
import type { DisplayUnit } from '../../units/index.ts';
import { accessRole, accessText } from './access.ts';
import type { ResultColumn } from './columns.ts';
import { formatValue } from './formatValue.ts';
import { evaluatePath } from '../../../core/jmespath.ts';

export type ResultRow = Readonly<Record<string, unknown>>;

const strings = (value: unknown, field?: string): string[] =>
  (Array.isArray(value) ? value : [])
    .map((item: unknown) =>
      field && typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[field] : item,
    )
    .filter((item): item is string => typeof item === 'string' && item !== '');

/** Author names; in the table the first and last plus 'et al' beyond three, all when `expanded`. */
export function authorsText(row: ResultRow, expanded = false): string {
  return formatAuthors(strings(row.authors, 'name'), expanded);
}

export function datasetsText(row: ResultRow): string {
  const names = strings(row.datasets, 'dataset_name');
  return names.length === 0 ? UNAVAILABLE : names.join(', ');
}

export function References({ row }: { row: ResultRow }) {
  const references = strings(row.references);
  if (references.length === 0) return <>{UNAVAILABLE}</>;
  return (
    <>
      {references.map((reference, index) => (
        <Fragment key={reference}>
          {index > 0 ? ', ' : null}
          <SafeLink
            href={reference}
            absolute
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => event.stopPropagation()}
          />
        </Fragment>
      ))}
    </>
  );
}

function Access({ row, userId }: { row: ResultRow; userId: string | undefined }) {
  const text = accessText(row, userId);
  const open = row.published === true && row.with_embargo !== true;
  const Icon = open ? Public : accessRole(row, userId) ? LockOpenOutlined : LockOutlined;
  return (
    <Tooltip title={text}>
      <Icon fontSize="small" aria-label={text} sx={{ verticalAlign: 'middle' }} />
    </Tooltip>
  );
}

/** The content of one cell: built-in renderers, else the value at the column's path, formatted. */
export function ResultCell(props: {
  column: ResultColumn;
  row: ResultRow;
  unit: DisplayUnit | undefined;
  userId: string | undefined;
}) {
  const { column, row, unit, userId } = props;
  switch (column.builtin) {
    case 'authors':
      return <>{authorsText(row)}</>;
    case 'datasets':
      return <>{datasetsText(row)}</>;
    case 'references':
      return <References row={row} />;
    case 'published':
      return <Access row={row} userId={userId} />;
    default:
      return (
        <>
          {formatValue(evaluatePath(row, column.path), {
            format: column.format,
            timestamp: column.timestamp,
            convert: unit?.convert,
            unitLabel: unit?.label,
          })}
        </>
      );
  }
}
