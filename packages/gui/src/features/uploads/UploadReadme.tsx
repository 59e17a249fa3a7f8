import ExpandMore from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary } from '@mui/material';
import { Markdown } from './Markdown.tsx';
import { useReadme } from '../../api/uploads/useUpload.ts';

/** The upload's README.md, rendered, above the steps; nothing when the upload has none. */
export function UploadReadme({ uploadId }: { uploadId: string }) {
  const readme = useReadme(uploadId);
  if (!readme.data) return null;
  return (
    <Accordion defaultExpanded variant="outlined" sx={{ mb: 2 }}>
      <AccordionSummary expandIcon={<ExpandMore />}>README.md</AccordionSummary>
      <AccordionDetails>
        <Markdown>{readme.data}</Markdown>
      </AccordionDetails>
    </Accordion>
  );
}
