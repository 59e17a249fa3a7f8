import { Link } from '@mui/material';

/** The public resolver: a DOI link works for readers whether or not this installation is reachable. */
const doiUrl = (doi: string) => `https://doi.org/${encodeURI(doi)}`;

/** A DOI shown as itself, linking to the public DOI resolver (spec 3 §2). */
export function DoiLink({ doi }: { doi: string }) {
  return (
    <Link href={doiUrl(doi)} target="_blank" rel="noopener noreferrer">
      {doi}
    </Link>
  );
}
