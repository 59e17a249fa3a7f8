import { describe, expect, it } from 'vitest';
import type { Vec3 } from '@oasis/chem';
import { prepareBrillouinZone, wignerSeitzEdges } from './zoneGeometry.ts';

const corners = (edges: [Vec3, Vec3][]) =>
  new Set(edges.flat().map((v) => v.map((c) => c.toFixed(6)).join(','))).size;

describe('Brillouin zone', () => {
  it('is a cube for a simple cubic lattice', () => {
    const edges = wignerSeitzEdges([
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ]);
    expect(edges).toHaveLength(12);
    expect(corners(edges)).toBe(8);
    expect(edges.flat().every((v) => v.every((c) => Math.abs(Math.abs(c) - 0.5) < 1e-9))).toBe(true);
  });

  it('is a truncated octahedron for fcc (a bcc reciprocal lattice) and a rhombic dodecahedron for bcc', () => {
    const fcc = wignerSeitzEdges([
      [-1, 1, 1],
      [1, -1, 1],
      [1, 1, -1],
    ]);
    expect([fcc.length, corners(fcc)]).toEqual([36, 24]);
    const bcc = wignerSeitzEdges([
      [0, 1, 1],
      [1, 0, 1],
      [1, 1, 0],
    ]);
    expect([bcc.length, corners(bcc)]).toEqual([24, 14]);
  });

  it('is a hexagonal prism for a hexagonal lattice', () => {
    const edges = wignerSeitzEdges([
      [1, 0, 0],
      [0.5, Math.sqrt(3) / 2, 0],
      [0, 0, 0.6],
    ]);
    expect([edges.length, corners(edges)]).toEqual([18, 12]);
  });

  it('puts the k-path in Cartesian 1/Å with its labelled points once each', () => {
    const b = 2 * Math.PI * 1e10; // a = 1 Å
    const archive = {
      cell: [
        [b, 0, 0],
        [0, b, 0],
        [0, 0, b],
      ],
      s: [
        {
          kpoints: [
            [0, 0, 0],
            [0.5, 0, 0],
          ],
          endpoints_labels: ['Γ', 'X'],
        },
        {
          kpoints: [
            [0.5, 0, 0],
            [0.5, 0.5, 0],
          ],
          endpoints_labels: ['X', 'M'],
        },
      ],
    };
    const zone = prepareBrillouinZone(archive, { reciprocal_cell: '/cell', segment: ['/s/0', '/s/1'] });
    expect(zone.points.map((p) => p.label)).toEqual(['Γ', 'X', 'M']);
    expect(zone.points[2]!.position[0]).toBeCloseTo(Math.PI);
    expect(zone.edges).toHaveLength(12);
    expect(() => prepareBrillouinZone(archive, { segment: ['/s/0'] })).toThrow('no reciprocal cell');
    expect(() => prepareBrillouinZone({ cell: [[1, 0, 0]] }, { reciprocal_cell: '/cell' })).toThrow(
      'The reciprocal cell is not a 3×3 matrix',
    );
  });
});
