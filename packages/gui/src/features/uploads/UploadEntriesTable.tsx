import CloudDownload from '@mui/icons-material/CloudDownload';
import Edit from '@mui/icons-material/Edit';
import { IconButton, Paper, Tooltip } from '@mui/material';
import type { UploadEntry } from '@oasis/schema';
import { useState } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import { ColumnChooser } from '../../components/ColumnChooser.tsx';
import { toggled } from '../../components/sets.ts';
import { NOTHING_SELECTED, type Selection } from '../../components/table/selection.ts';
import { DeleteEntriesButton } from './DeleteEntriesButton.tsx';
import { DEFAULT_ENTRY_COLUMNS, ENTRY_COLUMNS } from './entryColumns.tsx';
import { EditMetadataDialog } from './metadata/EditMetadataDialog.tsx';
import { PagedTable } from '../../components/table/PagedTable.tsx';
import type { PageState } from '../../core/pagination.ts';
import { TableToolbar } from './TableToolbar.tsx';
import type { DeletionTarget } from './useReferencingEntries.ts';

export interface UploadEntriesTableProps {
  uploadId: string;
  entries: readonly UploadEntry[];
  total: number;
  pageState: PageState;
  onPageStateChange: (state: PageState) => void;
  onOpen: (entry: UploadEntry) => void;
  /** Writers of an unpublished upload may edit metadata and delete entries. */
  editable: boolean;
  deleting: boolean;
  /** Deletes the entries `query` selects; `onDeleted` runs once they are gone. */
  onDeleteEntries: (query: Record<string, unknown>, withFolders: boolean, onDeleted: () => void) => void;
  /** After metadata was edited. */
  onChanged: () => void;
}

const PAGE_SIZES = [5, 10, 50, 100] as const;

/** 'N entries' / '1 entry' as the table's title. */
const entriesTitle = (total: number) => `${total} ${total === 1 ? 'entry' : 'entries'}`;

/** The upload's entries with their processing state (spec 3 §2): columns to choose, selection actions. */
export function UploadEntriesTable(props: UploadEntriesTableProps) {
  const { uploadId, entries, total, pageState, onPageStateChange, onOpen, editable } = props;
  const api = useApi();
  const [shown, setShown] = useState<ReadonlySet<string>>(DEFAULT_ENTRY_COLUMNS);
  const [selection, setSelection] = useState<Selection>(NOTHING_SELECTED);
  const [editing, setEditing] = useState(false);

  const ids = selection.all ? [] : [...selection.ids];
  // 'All selected' means every entry of the upload, not only the ones on this page.
  const query: Record<string, unknown> = selection.all ? { upload_id: uploadId } : { entry_id: ids };
  const target: DeletionTarget = selection.all
    ? { kind: 'uploads', ids: [uploadId] }
    : { kind: 'entries', ids };
  const count = selection.all ? total : ids.length;
  const download = api.link('entriesRawDownload', {
    query: { owner: 'visible', json_query: JSON.stringify(query) },
  });

  const toggleColumn = (key: string) => setShown((current) => toggled(current, key));
  const changePage = (state: PageState) => {
    setSelection(NOTHING_SELECTED);
    onPageStateChange(state);
  };
  const deleteSelected = (withFolders: boolean) =>
    props.onDeleteEntries(query, withFolders, () => setSelection(NOTHING_SELECTED));

  return (
    <Paper variant="outlined">
      <TableToolbar
        title={entriesTitle(total)}
        selection={selection}
        actions={<ColumnChooser columns={ENTRY_COLUMNS} shown={shown} onToggle={toggleColumn} />}
        selectionActions={
          <>
            <Tooltip title="Download files">
              <IconButton aria-label="Download files of the selected entries" href={download} download>
                <CloudDownload />
              </IconButton>
            </Tooltip>
            {editable ? (
              <>
                <Tooltip title="Edit metadata">
                  <IconButton
                    aria-label="Edit metadata of the selected entries"
                    onClick={() => setEditing(true)}
                  >
                    <Edit />
                  </IconButton>
                </Tooltip>
                <DeleteEntriesButton
                  target={target}
                  count={count}
                  disabled={props.deleting}
                  onDelete={deleteSelected}
                />
              </>
            ) : null}
          </>
        }
      />
      <PagedTable
        label="entries"
        columns={ENTRY_COLUMNS}
        shownColumns={shown}
        rows={entries}
        rowKey={(entry) => entry.entry_id}
        total={total}
        pageState={pageState}
        onPageStateChange={changePage}
        pageSizes={PAGE_SIZES}
        onRowClick={onOpen}
        selection={{ value: selection, onChange: setSelection }}
        emptyText="There are no entries in this upload yet."
      />
      {editable ? (
        <EditMetadataDialog
          open={editing}
          onClose={() => setEditing(false)}
          uploadId={uploadId}
          entryIds={selection.all ? undefined : ids}
          onSaved={props.onChanged}
        />
      ) : null}
    </Paper>
  );
}
