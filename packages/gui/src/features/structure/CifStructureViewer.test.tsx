import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyCifStructureViewer } from './LazyCifStructureViewer.tsx';

const cif = `data_x
_cell_length_a 4
_cell_length_b 4
_cell_length_c 4
loop_
_atom_site_label
_atom_site_fract_x
_atom_site_fract_y
_atom_site_fract_z
Cu1 0 0 0
`;

describe('LazyCifStructureViewer', () => {
  it('reads the CIF and opens the viewer (jsdom: without WebGL)', async () => {
    render(<LazyCifStructureViewer text={cif} />);
    expect(
      await screen.findByText(
        'Could not display the visualization as your browser does not support WebGL content.',
      ),
    ).toBeInTheDocument();
  });

  it("says 'Could not load structure.' for text that is no CIF, or tells the caller", async () => {
    const { unmount } = render(<LazyCifStructureViewer text="not a cif" />);
    expect(await screen.findByText('Could not load structure.')).toBeInTheDocument();
    unmount();
    const onError = vi.fn();
    render(<LazyCifStructureViewer text="not a cif" onError={onError} />);
    // The caller hears what the CIF syntax (the server's parser's) found wrong.
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith(
        expect.objectContaining({ message: expect.stringMatching(/before the first data_ block/) }),
      ),
    );
    expect(screen.queryByText('Could not load structure.')).not.toBeInTheDocument();
  });
});
