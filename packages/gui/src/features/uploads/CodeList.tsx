import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useArtifacts } from '../../api/artifacts.ts';
import { codesByCategory, tableRows, type CodeInfo } from './codeList.ts';
import { Markdown } from './Markdown.tsx';

/** What to upload for one code: its home page, the files its parser reads, and notes. */
function CodeDialog({ code, onClose }: { code: CodeInfo; onClose: () => void }) {
  const [header, ...rows] = tableRows(code.tableOfFiles);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="code-dialog-title">
      <DialogTitle id="code-dialog-title">{code.label}</DialogTitle>
      <DialogContent>
        {code.url ? (
          <Typography variant="body2" sx={{ mb: 2 }}>
            <Link href={code.url} target="_blank" rel="noopener noreferrer">
              {code.url}
            </Link>
          </Typography>
        ) : null}
        {header ? (
          <Table size="small" aria-label={`${code.label} files`}>
            <TableHead>
              <TableRow>
                {header.map((cell) => (
                  <TableCell key={cell}>{cell}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, index) => (
                <TableRow key={index}>
                  {row.map((cell, column) => (
                    <TableCell key={column}>
                      <Markdown>{cell}</Markdown>
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography variant="body2">
            Upload the files the code writes; the mainfile is found by its name and content.
          </Typography>
        )}
        {code.parserSpecific ? (
          <Box sx={{ mt: 2 }}>
            <Markdown>{code.parserSpecific}</Markdown>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The codes this installation reads, by category; each opens its upload guidance (spec 2). */
export function CodeList() {
  const artifacts = useArtifacts();
  const [shown, setShown] = useState<CodeInfo | undefined>(undefined);
  const categories = codesByCategory(
    artifacts.data?.parserMetadata as Record<string, Record<string, unknown>> | undefined,
  );
  if (categories.length === 0) return null;
  return (
    <Box component="section" aria-label="Supported codes" sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Files of these codes become entries; click a code for what to upload.
      </Typography>
      {categories.map(({ title, codes }) => (
        <Stack
          key={title}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'baseline', mt: 0.5 }}
        >
          <Typography variant="caption" color="text.secondary">
            {title}:
          </Typography>
          {codes.map((code) => (
            <Link
              key={code.name}
              component="button"
              type="button"
              variant="body2"
              onClick={() => setShown(code)}
            >
              {code.label}
            </Link>
          ))}
        </Stack>
      ))}
      {shown ? <CodeDialog code={shown} onClose={() => setShown(undefined)} /> : null}
    </Box>
  );
}
