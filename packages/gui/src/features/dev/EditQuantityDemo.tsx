import { Box, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { ElnEntryContext, SectionEditor } from '../eln/index.ts';
import { demoDefinitions } from './editQuantityDemo.ts';

const CONTEXT = { uploadId: '', entryId: '', mainfile: 'dev', definitions: demoDefinitions };

/** /dev/editquantity: every edit widget on a demo section, with the value they produce. */
export function EditQuantityDemo() {
  const [value, setValue] = useState<Record<string, unknown>>({});
  const section = demoDefinitions.sections[demoDefinitions.root]!;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ElnEntryContext.Provider value={CONTEXT}>
          <SectionEditor
            definitions={demoDefinitions}
            section={section}
            value={value}
            onChange={setValue}
            mainfile="dev"
          />
        </ElnEntryContext.Provider>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2">value</Typography>
        <Box component="pre" aria-label="value" sx={{ fontSize: 12, whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(value, null, 2)}
        </Box>
      </Paper>
    </Box>
  );
}
