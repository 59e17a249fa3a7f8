import { Box, Link } from '@mui/material';
import ReactMarkdown, { type Components } from 'react-markdown';

/** Links in user-written text open elsewhere and pass nothing about this page on. */
const COMPONENTS: Components = {
  a: ({ href, children }) => (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  ),
};

/**
 * Markdown written by users (an upload's README.md, example descriptions). Raw HTML in it is dropped
 * (`skipHtml`) and link and image targets pass react-markdown's URL sanitising, so the text cannot run
 * script in the page.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <Box
      sx={{
        typography: 'body2',
        '& pre': { bgcolor: 'grey.100', p: 1, overflow: 'auto' },
        '& img': { maxWidth: '100%' },
        '& > :first-of-type': { mt: 0 },
        '& > :last-of-type': { mb: 0 },
      }}
    >
      <ReactMarkdown skipHtml components={COMPONENTS}>
        {children}
      </ReactMarkdown>
    </Box>
  );
}
