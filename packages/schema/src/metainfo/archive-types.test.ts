import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  ArchiveOf,
  EntryArchive,
  EntryResults,
  ResultsBandGap,
  ResultsBandStructure,
  ResultsDos,
  ResultsElectronic,
  ResultsGeometryOptimization,
  ResultsMaterial,
  ResultsMethod,
  ResultsProperties,
  ResultsStructure,
  ResultsStructures,
  ResultsSymmetry,
  Run,
  RunCalculation,
  RunMethod,
  RunSystem,
  Workflow,
} from './archive-types.ts';
import { CRYSTAL_SYSTEMS, STRUCTURAL_TYPES } from './builtin/results-material-values.ts';
import {
  bool,
  datetime,
  enumeration,
  float,
  int,
  reference,
  repeating,
  section,
  str,
  sub,
} from './define.ts';
import type { SectionDefinition } from './model.ts';

// The expectations are checked by the compiler (`tsc -b`, which includes the tests), not at run time:
// a wrong type fails the type check of this file.

describe('archive types derived from the definitions', () => {
  it('map each quantity type to its JSON value', () => {
    const example = section('Example', 'All quantity types.', [
      str('text', 'A string.'),
      datetime('time', 'A time.'),
      int('count', 'An integer.'),
      float('value', 'A float.', { unit: 'joule' }),
      bool('flag', 'A boolean.'),
      enumeration('kind', 'An enum.', ['a', 'b']),
      reference('ref', 'A reference.', 'run.system'),
      float('matrix', 'A 3×3 matrix.', { shape: [3, 3] }),
      str('labels', 'A list.', { shape: ['n_atoms'] }),
      reference('refs', 'A list of references.', undefined, { shape: ['*'] }),
    ]);
    expectTypeOf<ArchiveOf<typeof example>>().toEqualTypeOf<{
      text?: string;
      time?: string;
      count?: number;
      value?: number;
      flag?: boolean;
      kind?: 'a' | 'b';
      ref?: string;
      matrix?: readonly (readonly number[])[];
      labels?: readonly string[];
      refs?: readonly string[];
    }>();
    // The builders return the same data as before; only their types are narrower.
    expect(example.quantities[7].shape).toEqual([3, 3]);
  });

  it('map sub-sections to their data, repeating ones to lists and variants to a union', () => {
    const leaf = section('Leaf', 'A leaf.', [str('name', 'Its name.')]);
    const other = section('Other', 'A variant.', [int('size', 'Its size.')]);
    const root = section(
      'Root',
      'A root.',
      [],
      [sub('one', leaf), repeating('many', leaf), sub('either', leaf, { 'pkg.Other': other })],
    );
    type Leaf = { name?: string };
    expectTypeOf<ArchiveOf<typeof root>>().toEqualTypeOf<{
      one?: Leaf;
      many?: readonly Leaf[];
      either?: (Leaf & { m_def?: string }) | ({ size?: number } & { m_def?: string });
    }>();
    expect(root.sub_sections.map((subSection) => subSection.repeats)).toEqual([false, true, false]);
  });

  it('give results.material its definitions’ types', () => {
    expectTypeOf<ResultsMaterial['elements']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<ResultsMaterial['n_elements']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ResultsMaterial['structural_type']>().toEqualTypeOf<
      (typeof STRUCTURAL_TYPES)[number] | undefined
    >();
    expectTypeOf<'bulk'>().toExtend<NonNullable<ResultsMaterial['structural_type']>>();
    expectTypeOf<ResultsMaterial['symmetry']>().toEqualTypeOf<ResultsSymmetry | undefined>();
    expectTypeOf<ResultsSymmetry['crystal_system']>().toEqualTypeOf<
      (typeof CRYSTAL_SYSTEMS)[number] | undefined
    >();
    expectTypeOf<ResultsMaterial['elemental_composition']>().toEqualTypeOf<
      | readonly {
          element?: string;
          mass?: number;
          atomic_fraction?: number;
          mass_fraction?: number;
        }[]
      | undefined
    >();
    expectTypeOf<EntryResults['material']>().toEqualTypeOf<ResultsMaterial | undefined>();
  });

  it('reject names the definitions do not have', () => {
    // @ts-expect-error results.material has `elements`, not `element`.
    const material: ResultsMaterial = { element: ['Si'] };
    // @ts-expect-error a value outside the enum.
    const symmetry: ResultsSymmetry = { crystal_system: 'hexagonal-ish' };
    // @ts-expect-error a reference is a path string, not the referenced section.
    const dos: ResultsDos = { energies: [0, 1] };
    expect([material, symmetry, dos]).toHaveLength(3);
  });

  it('give results.method and results.properties their definitions’ types', () => {
    expectTypeOf<ResultsMethod['method_name']>().toExtend<string | undefined>();
    expectTypeOf<'DFT'>().toExtend<NonNullable<ResultsMethod['method_name']>>();
    type Dft = NonNullable<NonNullable<ResultsMethod['simulation']>['dft']>;
    expectTypeOf<Dft['xc_functional_names']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<Dft['spin_polarized']>().toEqualTypeOf<boolean | undefined>();

    expectTypeOf<ResultsProperties['available_properties']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<ResultsProperties['structures']>().toEqualTypeOf<ResultsStructures | undefined>();
    expectTypeOf<ResultsStructures['structure_primitive']>().toEqualTypeOf<ResultsStructure | undefined>();
    expectTypeOf<ResultsStructure['lattice_vectors']>().toEqualTypeOf<
      readonly (readonly number[])[] | undefined
    >();
    expectTypeOf<NonNullable<ResultsStructure['lattice_parameters']>['alpha']>().toEqualTypeOf<
      number | undefined
    >();

    expectTypeOf<ResultsElectronic['band_gap']>().toEqualTypeOf<readonly ResultsBandGap[] | undefined>();
    expectTypeOf<ResultsBandGap['type']>().toEqualTypeOf<'direct' | 'indirect' | undefined>();
    expectTypeOf<ResultsElectronic['dos_electronic']>().toEqualTypeOf<readonly ResultsDos[] | undefined>();
    // References into the run are path strings ('/run/0/calculation/0/dos_electronic/0/energies').
    expectTypeOf<ResultsDos['energies']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ResultsDos['total']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<ResultsBandStructure['segment']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<ResultsGeometryOptimization['energies']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ResultsGeometryOptimization['trajectory']>().toEqualTypeOf<readonly string[] | undefined>();
  });

  it('type the archive root: run, workflow2, metadata and results', () => {
    expectTypeOf<keyof EntryArchive>().toEqualTypeOf<
      'entry_id' | 'run' | 'workflow2' | 'metadata' | 'results'
    >();
    type Metadata = NonNullable<EntryArchive['metadata']>;
    expectTypeOf<Metadata['entry_create_time']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Metadata['files']>().toEqualTypeOf<readonly string[] | undefined>();
    expectTypeOf<NonNullable<Metadata['section_defs']>[number]['used_directly']>().toEqualTypeOf<
      boolean | undefined
    >();
    expectTypeOf<EntryArchive['run']>().toEqualTypeOf<readonly Run[] | undefined>();
    expectTypeOf<Run['system']>().toEqualTypeOf<readonly RunSystem[] | undefined>();
    expectTypeOf<Run['method']>().toEqualTypeOf<readonly RunMethod[] | undefined>();
    expectTypeOf<NonNullable<RunSystem['atoms']>['positions']>().toEqualTypeOf<
      readonly (readonly number[])[] | undefined
    >();
    // The energy terms are sub-sections made from a list of names; each one is there.
    type Energy = NonNullable<RunCalculation['energy']>;
    expectTypeOf<'total' | 'free' | 'total_t0' | 'contributions'>().toExtend<keyof Energy>();
    expectTypeOf<NonNullable<Energy['total']>['value']>().toEqualTypeOf<number | undefined>();
    // [spin][k-point][band]
    type Eigenvalues = NonNullable<RunCalculation['eigenvalues']>[number];
    expectTypeOf<Eigenvalues['energies']>().toEqualTypeOf<
      readonly (readonly (readonly number[])[])[] | undefined
    >();

    // workflow2 is the base workflow or one of its variants; a geometry optimisation has energies.
    const optimisation: Workflow = {
      m_def: 'simulationworkflowschema.geometry_optimization.GeometryOptimization',
      name: 'GeometryOptimization',
      results: { energies: [-1e-18, -1.1e-18], is_converged_geometry: true },
    };
    expect(optimisation.name).toBe('GeometryOptimization');
    // @ts-expect-error no workflow variant has this result.
    const wrong: Workflow = { results: { final_magic: 1 } };
    expect(wrong).toBeDefined();
  });

  it('stay usable for definitions whose names are not known to the compiler', () => {
    expectTypeOf<ArchiveOf<SectionDefinition>>().toExtend<Record<string, unknown>>();
  });
});
