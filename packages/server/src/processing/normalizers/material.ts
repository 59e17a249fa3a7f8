// results.material from a Structure, following NOMAD's results normalizer: formulas, elements and
// structural type here; symmetry and material id come from the analysis in material-normalizer.ts.
import type { ResultsMaterial } from '@oasis/schema';
import type { Structure } from '../structure.ts';
import type { DeclaredSymmetry } from '../types.ts';
import { structuralType, type StructuralType } from './dimensionality.ts';
import { elementComposition, formulas } from './formula.ts';
import type { MaterialSymmetry } from './symmetry.ts';

export type { MaterialSymmetry } from './symmetry.ts';

/** results.material as computed from a structure, which always gives its formulas and elements. */
export type Material = ResultsMaterial &
  Required<
    Pick<
      ResultsMaterial,
      | 'elements'
      | 'n_elements'
      | 'elements_exclusive'
      | 'chemical_formula_hill'
      | 'chemical_formula_reduced'
      | 'chemical_formula_iupac'
      | 'chemical_formula_anonymous'
      | 'chemical_formula_descriptive'
    >
  > & { structural_type: StructuralType };

type CrystalSystem = NonNullable<MaterialSymmetry['crystal_system']>;

/** Formulas, elements and structural type of a structure (no symmetry: that needs moyo). */
export function materialFromStructure(structure: Structure): Material {
  if (structure.species.length === 0) throw new Error('structure has no atoms');
  const composition = elementComposition(structure.species);
  const f = formulas(composition);
  const elements = [...composition.keys()].sort();
  return {
    structural_type: structuralType(structure),
    elements,
    n_elements: elements.length,
    elements_exclusive: elements.join(' '),
    chemical_formula_hill: f.hill,
    chemical_formula_reduced: f.reduced,
    chemical_formula_iupac: f.iupac,
    chemical_formula_anonymous: f.anonymous,
    chemical_formula_descriptive: f.descriptive,
  };
}

/** Crystal system of an international space-group number (ITA ranges). */
export function crystalSystem(spaceGroupNumber: number): CrystalSystem | undefined {
  const ranges: readonly [number, CrystalSystem][] = [
    [2, 'triclinic'],
    [15, 'monoclinic'],
    [74, 'orthorhombic'],
    [142, 'tetragonal'],
    [167, 'trigonal'],
    [194, 'hexagonal'],
    [230, 'cubic'],
  ];
  if (!Number.isInteger(spaceGroupNumber) || spaceGroupNumber < 1) return undefined;
  return ranges.find(([max]) => spaceGroupNumber <= max)?.[1];
}

const SYSTEM_LETTER: Readonly<Record<string, string>> = {
  triclinic: 'a',
  monoclinic: 'm',
  orthorhombic: 'o',
  tetragonal: 't',
  trigonal: 'h',
  hexagonal: 'h',
  cubic: 'c',
};

/** Pearson-style Bravais symbol (e.g. 'cF') from crystal system and the H-M centring letter. */
function bravaisLattice(system: string, symbol: string): MaterialSymmetry['bravais_lattice'] {
  const letter = SYSTEM_LETTER[system];
  const centring = symbol.trim()[0]?.toUpperCase();
  if (!letter || !centring || !'PABCFIR'.includes(centring)) return undefined;
  if (system === 'triclinic') return 'aP';
  // A/B/C-centred monoclinic and orthorhombic lattices are all 'S' (side-centred) in Pearson symbols.
  const c = 'ABC'.includes(centring) ? 'S' : centring;
  if (system === 'trigonal') return c === 'R' ? 'hR' : 'hP';
  // A system letter and a centring letter: a Pearson symbol, which are NOMAD's values.
  return (letter + c) as MaterialSymmetry['bravais_lattice'];
}

/**
 * Symmetry as the file declares it (CIF's _symmetry_space_group_name_H-M): the fallback when the
 * positions cannot be analysed (disordered sites, a failed analysis).
 */
export function symmetryFromDeclaration(declared: DeclaredSymmetry): MaterialSymmetry | undefined {
  const symmetry: MaterialSymmetry = {};
  const symbol = declared.spaceGroupSymbol?.replace(/\s+/g, '');
  if (declared.spaceGroupNumber !== undefined) symmetry.space_group_number = declared.spaceGroupNumber;
  if (symbol) symmetry.space_group_symbol = symbol;
  const system =
    declared.spaceGroupNumber !== undefined ? crystalSystem(declared.spaceGroupNumber) : undefined;
  if (system) {
    symmetry.crystal_system = system;
    const bravais = symbol ? bravaisLattice(system, symbol) : undefined;
    if (bravais) symmetry.bravais_lattice = bravais;
  }
  return Object.keys(symmetry).length > 0 ? symmetry : undefined;
}
