import { Link, type LinkProps } from '@mui/material';
import type { ReactNode } from 'react';
import { safeHref } from './safeUrl.ts';

interface SafeLinkProps extends Omit<LinkProps, 'href' | 'children'> {
  /** A URL from user data or configuration. */
  href: string | undefined;
  /** What to show; the URL itself by default. */
  children?: ReactNode;
  /** Only absolute URLs are links (a bare DOI in a reference is no path of this site). */
  absolute?: boolean;
}

/** A link for a URL that is not ours: rendered as plain text when following it could run script. */
export function SafeLink({ href, children, absolute = false, ...props }: SafeLinkProps) {
  const safe = safeHref(href, { absolute });
  const content = children ?? href;
  if (safe === undefined) return <>{content}</>;
  return (
    <Link href={safe} {...props}>
      {content}
    </Link>
  );
}
