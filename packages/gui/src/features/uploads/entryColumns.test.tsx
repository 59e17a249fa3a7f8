import { render, screen } from '@testing-library/react';
import type { UploadEntry } from '@oasis/schema';
import { describe, expect, it } from 'vitest';
import { ENTRY_COLUMNS } from './entryColumns.tsx';

describe('the references column', () => {
  it('links only URLs that cannot run script; others stay text', () => {
    const column = ENTRY_COLUMNS.find((c) => c.key === 'references')!;
    const entry = {
      entry_id: 'e1',
      entry_metadata: { references: ['https://doi.org/10.1/x', 'javascript:alert(document.domain)'] },
    } as unknown as UploadEntry;
    render(<>{column.render(entry)}</>);
    expect(screen.getByRole('link', { name: 'https://doi.org/10.1/x' })).toHaveAttribute(
      'href',
      'https://doi.org/10.1/x',
    );
    expect(screen.getByText('javascript:alert(document.domain)').closest('a')).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });
});
