import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { topologyTree } from './fromResults.ts';
import { StructureViewer } from './StructureViewer.tsx';
import type { ViewerStructure } from './types.ts';

const chain = (n: number): ViewerStructure => ({
  species: Array.from({ length: n }, () => 'C'),
  positions: Array.from({ length: n }, (_, i) => [i * 1.5, 0, 0]),
  lattice: null,
  periodic: [false, false, false],
});

describe('StructureViewer', () => {
  it('asks before drawing more atoms than the limit, then checks for WebGL', async () => {
    render(<StructureViewer structure={chain(501)} />);
    expect(
      screen.getByText(
        'Visualization is by default disabled for systems with more than 500 atoms. Do you wish to enable visualization for this system with 501 atoms?',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    // jsdom has no WebGL.
    expect(
      screen.getByText('Could not display the visualization as your browser does not support WebGL content.'),
    ).toBeInTheDocument();
  });

  it('uses the topology limit of 40000 when given', () => {
    render(<StructureViewer structure={chain(600)} sizeLimit={40000} />);
    expect(screen.queryByText(/Visualization is by default disabled/)).not.toBeInTheDocument();
  });

  it('shows loading and no-data placeholders, and fails with the spec text', () => {
    const { rerender } = render(<StructureViewer structure={undefined} />);
    expect(screen.getByLabelText('Loading structure')).toBeInTheDocument();
    rerender(<StructureViewer structure={false} />);
    expect(screen.getByText('No structure available')).toBeInTheDocument();
    // A flat cell cannot be unwrapped (molecules are): the viewer fails with spec 3 §8's text.
    const flat: ViewerStructure = {
      ...chain(2),
      lattice: [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 0],
      ],
      periodic: [true, true, true],
    };
    rerender(<StructureViewer structure={flat} structuralType="molecule / cluster" />);
    expect(screen.getByText('Could not load structure.')).toBeInTheDocument();
  });
});

describe('topologyTree', () => {
  it('links children to parents and takes group atoms from the parent by index', () => {
    const A = 1e-10;
    const structures = {
      structure_original: {
        species_at_sites: ['O', 'H', 'H', 'Na'],
        cartesian_site_positions: [
          [0, 0, 0],
          [A, 0, 0],
          [0, A, 0],
          [5 * A, 5 * A, 5 * A],
        ],
      },
    };
    const tree = topologyTree(
      [
        {
          system_id: 'results/material/topology/0',
          label: 'original',
          system_relation: { type: 'root' },
          atoms_ref: '/run/0/system/0/atoms',
          n_atoms: 4,
        },
        {
          system_id: 'results/material/topology/1',
          label: 'water',
          parent_system: 'results/material/topology/0',
          indices: [[0, 1, 2]],
        },
      ],
      structures,
    );
    expect(tree).toHaveLength(1);
    const [water] = tree[0]!.children;
    expect(water?.structure?.species).toEqual(['O', 'H', 'H']);
    expect(water?.parent?.indices).toEqual([0, 1, 2]);
    expect(tree[0]!.structure?.positions[3]).toEqual([5, 5, 5]);
  });
});
