import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeLink } from './SafeLink.tsx';

describe('SafeLink', () => {
  it('links http(s), mailto and relative URLs', () => {
    render(
      <>
        <SafeLink href="https://doi.org/10.1000/182" />
        <SafeLink href="mailto:someone@example.org">write to us</SafeLink>
        <SafeLink href="/nomad-oasis/gui/about/information">about</SafeLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'https://doi.org/10.1000/182' })).toHaveAttribute(
      'href',
      'https://doi.org/10.1000/182',
    );
    expect(screen.getByRole('link', { name: 'write to us' })).toHaveAttribute(
      'href',
      'mailto:someone@example.org',
    );
    expect(screen.getByRole('link', { name: 'about' })).toHaveAttribute(
      'href',
      '/nomad-oasis/gui/about/information',
    );
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JAVASCRIPT:alert(document.cookie)',
    '  \u0001\u0008javascript:alert(document.cookie)',
    'java\tscript:alert(document.cookie)',
    'data:text/html,<script>alert(document.cookie)</script>',
    'vbscript:msgbox(document.cookie)',
  ])('renders %j as plain text, not as a link', (url) => {
    const { container } = render(<SafeLink href={url} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.querySelector('a, [href]')).toBeNull();
    expect(container.textContent).toBe(url);
  });
});
