import type { WrapMode } from '@oasis/chem';
import Download from '@mui/icons-material/Download';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useApi } from '../../api/ApiProvider.tsx';
import { downloadSystem, type StructureFormat, type SystemSource } from './download.ts';
import { DOWNLOAD_UNAVAILABLE, STRUCTURE_FORMATS } from './limits.ts';

/** The download menu: one item per format; CIF needs a cell. */
export function StructureDownload({
  source,
  wrapMode,
  hasCell,
}: {
  source: SystemSource | undefined;
  wrapMode: WrapMode;
  hasCell: boolean;
}) {
  const api = useApi();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [failed, setFailed] = useState(false);
  if (!source) {
    return (
      <Tooltip title={DOWNLOAD_UNAVAILABLE}>
        <span>
          <IconButton aria-label="Download structure" disabled>
            <Download />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  const choose = (format: StructureFormat) => {
    setAnchor(null);
    downloadSystem(api, source, format, wrapMode).then(
      () => setFailed(false),
      () => setFailed(true),
    );
  };
  return (
    <>
      <Tooltip title={failed ? 'The download failed' : 'Download structure'}>
        <IconButton
          aria-label="Download structure"
          color={failed ? 'error' : 'default'}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Download />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {STRUCTURE_FORMATS.map((format) => (
          <MenuItem key={format} disabled={format === 'cif' && !hasCell} onClick={() => choose(format)}>
            {format}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
