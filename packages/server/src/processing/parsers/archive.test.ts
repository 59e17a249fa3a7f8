import { describe, expect, it } from 'vitest';
import { readArchiveObject } from './archive-schema.ts';
import { archiveStructure } from './archive-structure.ts';

describe('readArchiveObject', () => {
  it('parses JSON and YAML by file name', () => {
    expect(readArchiveObject('{"data": {"name": "x"}}', 'a.archive.json')).toEqual({ data: { name: 'x' } });
    expect(readArchiveObject('data:\n  name: x\n  value: 1.5\n', 'a.archive.yaml')).toEqual({
      data: { name: 'x', value: 1.5 },
    });
  });

  it('rejects non-object roots and syntax errors clearly', () => {
    expect(() => readArchiveObject('[1, 2]', 'a.archive.json')).toThrow(
      /must contain an object .* found a list/,
    );
    expect(() => readArchiveObject('42', 'a.archive.json')).toThrow(/found a number/);
    expect(() => readArchiveObject('', 'a.archive.yaml')).toThrow(/found null/);
    expect(() => readArchiveObject('- a\n- b\n', 'a.archive.yml')).toThrow(/found a list/);
    expect(() => readArchiveObject('{"data": ', 'a.archive.json')).toThrow(/not valid JSON/);
    expect(() => readArchiveObject('a: [1,\n', 'a.archive.yaml')).toThrow(/not valid YAML/);
  });
});

describe('archiveStructure', () => {
  const atoms = {
    labels: ['Na', 'Cl'],
    positions: [
      [0, 0, 0],
      [2.82e-10, 2.82e-10, 2.82e-10],
    ],
    lattice_vectors: [
      [0, 2.82e-10, 2.82e-10],
      [2.82e-10, 0, 2.82e-10],
      [2.82e-10, 2.82e-10, 0],
    ],
    periodic: [true, true, true],
  };

  it("takes the last system of the first run, as NOMAD's normalisers do", () => {
    const structure = archiveStructure({
      run: [{ system: [{ atoms: { ...atoms, labels: ['K', 'Cl'] } }, { atoms }] }],
    });
    expect(structure).toEqual({
      species: ['Na', 'Cl'],
      positions: atoms.positions,
      lattice: atoms.lattice_vectors,
      periodic: [true, true, true],
    });
    // A molecule: no lattice, not periodic.
    expect(
      archiveStructure({ run: [{ system: [{ atoms: { labels: ['H'], positions: [[0, 0, 0]] } }] }] }),
    ).toEqual({
      species: ['H'],
      positions: [[0, 0, 0]],
      lattice: null,
      periodic: [false, false, false],
    });
  });

  it('ignores malformed systems', () => {
    expect(archiveStructure({})).toBeUndefined();
    expect(
      archiveStructure({ run: [{ system: [{ atoms: { ...atoms, labels: ['Na'] } }] }] }),
    ).toBeUndefined();
    expect(
      archiveStructure({
        run: [
          {
            system: [
              {
                atoms: {
                  ...atoms,
                  positions: [
                    [0, 0],
                    [1, 1, 1],
                  ],
                },
              },
            ],
          },
        ],
      }),
    ).toBeUndefined();
    expect(
      archiveStructure({ run: [{ system: [{ atoms: { ...atoms, labels: [1, 2] } }] }] }),
    ).toBeUndefined();
  });
});
