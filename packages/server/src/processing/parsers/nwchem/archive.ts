// From an NWChem output to NOMAD's run and workflow2 sections, in SI units.
import { ANGSTROM, type Structure, type Vec3 } from '../../structure.ts';
import { BOHR, HARTREE } from '../../units.ts';
import {
  calculationRefs,
  codeRun,
  forcesSection,
  frontierOrbitals,
  geometryOptimization,
  scfIterations,
  singlePoint,
  systemsOfSteps,
  xcFunctional,
  type CodeArchive,
} from '../code-sections.ts';
import type { NwchemEnergy, NwchemGeometry, NwchemOutput } from './read-nwchem.ts';

type Section = Record<string, unknown>;

/** libxc names of NWChem's xc keywords (exchange and correlation parts, or a named functional). */
const XC: Readonly<Record<string, readonly string[]>> = {
  b3lyp: ['HYB_GGA_XC_B3LYP'],
  pbe0: ['HYB_GGA_XC_PBEH'],
  xpbe96: ['GGA_X_PBE'],
  cpbe96: ['GGA_C_PBE'],
  becke88: ['GGA_X_B88'],
  lyp: ['GGA_C_LYP'],
  xtpss03: ['MGGA_X_TPSS'],
  ctpss03: ['MGGA_C_TPSS'],
  slater: ['LDA_X'],
  vwn_5: ['LDA_C_VWN'],
  vwn_1_rpa: ['LDA_C_VWN_RPA'],
  m06: ['HYB_MGGA_X_M06', 'MGGA_C_M06'],
  'm06-2x': ['HYB_MGGA_X_M06_2X', 'MGGA_C_M06_2X'],
};

function methodOf(out: NwchemOutput, warnings: string[]): Section {
  const functional = xcFunctional(
    (out.xc ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .flatMap((keyword) => {
        const names = XC[keyword];
        // Numbers after a keyword are its weight, not a functional.
        if (!names && !/^\d/.test(keyword)) warnings.push(`xc ${keyword} has no libxc names here`);
        return names ?? [];
      }),
  );
  return {
    dft: { xc_functional: functional },
    electronic: { method: 'DFT' },
    basis_set: [{ type: 'gaussians', ...(out.basis ? { name: out.basis } : {}) }],
  };
}

const structureOf = (geometry: NwchemGeometry): Structure => ({
  species: geometry.species,
  positions: geometry.positions.map((p) => p.map((x) => x * ANGSTROM) as Vec3),
  lattice: null,
  periodic: [false, false, false],
});

function calculationOf(energy: NwchemEnergy, systemIndex: number): Section {
  const values: Section = {
    total: { value: energy.energy * HARTREE },
    ...frontierOrbitals(energy.orbitals, HARTREE),
  };
  const calculation: Section = {
    ...calculationRefs(systemIndex),
    energy: values,
  };
  Object.assign(calculation, scfIterations(energy.iterations, HARTREE));
  if (energy.gradient) calculation.forces = forcesSection(energy.gradient, -HARTREE / BOHR);
  return calculation;
}

export function nwchemArchive(out: NwchemOutput): CodeArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'Total times': the run did not finish");
  const { geometries, systemIndex } = systemsOfSteps(out.energies);
  const calculations = out.energies.map((step, index) => calculationOf(step, systemIndex[index]!));
  const structures = geometries.map(structureOf);
  const run = codeRun('NWChem', out.version, methodOf(out, warnings), structures, calculations);
  const optimization = /\boptimize\b/.test(out.task ?? '');
  const workflow2: Section = optimization
    ? geometryOptimization({}, out.optimizationConverged)
    : singlePoint();
  return { run, workflow2, structure: structures[structures.length - 1]!, warnings };
}
