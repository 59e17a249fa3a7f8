import ArrowForward from '@mui/icons-material/ArrowForward';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Box, IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useEnv } from '../../../core/EnvProvider.tsx';
import { NorthRowAction } from '../../north/index.ts';
import type { Resource } from '../context/index.ts';
import type { RowActionConfig } from './config.ts';
import type { ResultRow } from './ResultCell.tsx';
import {
  entryPagePath,
  materialTarget,
  NOT_AVAILABLE,
  urlActionTarget,
  type ActionTarget,
} from './rowActions.ts';

/** The material action where the installation has no encyclopedia: it searches the material's entries. */
const MATERIAL_ENTRIES = 'Show the entries of this material';

const stop = (event: { stopPropagation(): void }) => event.stopPropagation();

/** An external link or in-app action; an empty link is disabled with the tooltip 'Not available'. */
function LinkAction({ target, label, icon }: { target: ActionTarget; label: string; icon: ReactNode }) {
  if (target.kind === 'route') {
    return (
      <Tooltip title={label}>
        <IconButton size="small" component={RouterLink} to={target.to} aria-label={label} onClick={stop}>
          {icon}
        </IconButton>
      </Tooltip>
    );
  }
  if (target.kind !== 'link') {
    return (
      <Tooltip title={target.kind === 'error' ? target.message : NOT_AVAILABLE}>
        {/* A disabled button fires no events; the span carries the tooltip. */}
        <span>
          <IconButton size="small" disabled aria-label={label}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        component="a"
        href={target.href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        onClick={stop}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** The actions at the end of a row: the default one (entry or material page) and configured url actions. */
export function RowActions(props: {
  row: ResultRow;
  resource: Resource;
  appPath: string;
  options: Readonly<Record<string, RowActionConfig>>;
}) {
  const { row, resource, appPath, options } = props;
  const { encyclopediaBase, apps } = useEnv();
  const entryId = typeof row.entry_id === 'string' ? row.entry_id : undefined;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      {Object.entries(options).map(([key, action]) =>
        action.type === 'north' ? (
          <NorthRowAction
            key={key}
            row={row}
            toolName={action.tool_name}
            filepath={action.filepath}
            label={action.description ?? key}
          />
        ) : (
          <LinkAction
            key={key}
            target={urlActionTarget(row, action.path)}
            label={action.description ?? key}
            icon={<OpenInNew fontSize="small" />}
          />
        ),
      )}
      {resource === 'materials' ? (
        <LinkAction
          target={materialTarget(encyclopediaBase, apps, row)}
          label={encyclopediaBase ? 'View in Encyclopedia' : MATERIAL_ENTRIES}
          icon={<ArrowForward fontSize="small" />}
        />
      ) : entryId && row.process_running !== true ? (
        // An entry that is still processing has no page to go to yet.
        <Tooltip title="Go to the entry page">
          <IconButton
            size="small"
            component={RouterLink}
            to={entryPagePath(appPath, entryId)}
            aria-label="Go to the entry page"
            onClick={stop}
          >
            <ArrowForward fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Box>
  );
}
