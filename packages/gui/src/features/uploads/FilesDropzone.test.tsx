import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FilesDropzone } from './FilesDropzone.tsx';

describe('FilesDropzone', () => {
  it('invites to drop files when idle', () => {
    render(<FilesDropzone state={{}} disabled={false} onFiles={vi.fn()} />);
    expect(screen.getByText('Drop files here or click to open dialog')).toBeInTheDocument();
  });

  it('shows the percent of the file being sent', () => {
    render(
      <FilesDropzone state={{ fileName: 'vasp.zip', percent: 42.4 }} disabled={false} onFiles={vi.fn()} />,
    );
    expect(screen.getByText('Uploading vasp.zip (42%)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
  });
});
