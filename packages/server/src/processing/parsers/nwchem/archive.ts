// From an NWChem output to NOMAD's run and workflow2 sections, in SI units.
import { systemSection } from '../../run-sections.ts';
import { ANGSTROM, type Structure, type Vec3 } from '../../structure.ts';
import { BOHR, HARTREE } from '../../units.ts';
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
  const functional: Section = { exchange: [], correlation: [], hybrid: [], contributions: [] };
  for (const keyword of (out.xc ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
    const names = XC[keyword];
    if (!names) {
      if (!/^\d/.test(keyword)) warnings.push(`xc ${keyword} has no libxc names here`);
      continue;
    }
    for (const name of names) {
      const kind = name.startsWith('HYB_') ? 'hybrid' : /_X(_|$)/.test(name) ? 'exchange' : 'correlation';
      (functional[kind] as Section[]).push({ name });
    }
  }
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
  const values: Section = { total: { value: energy.energy * HARTREE } };
  const occupied = energy.orbitals.filter((o) => o.occupation > 0).map((o) => o.energy);
  const empty = energy.orbitals.filter((o) => o.occupation === 0).map((o) => o.energy);
  if (occupied.length > 0) values.highest_occupied = Math.max(...occupied) * HARTREE;
  if (empty.length > 0) values.lowest_unoccupied = Math.min(...empty) * HARTREE;
  const calculation: Section = {
    system_ref: `/run/0/system/${systemIndex}`,
    method_ref: '/run/0/method/0',
    energy: values,
  };
  if (energy.iterations.length > 0) {
    calculation.n_scf_iterations = energy.iterations.length;
    calculation.scf_iteration = energy.iterations.map((value) => ({
      energy: { total: { value: value * HARTREE } },
    }));
  }
  if (energy.gradient)
    calculation.forces = {
      total: { value: energy.gradient.map((g) => g.map((x) => (-x * HARTREE) / BOHR)) },
    };
  return calculation;
}

export interface NwchemArchive {
  run: Section;
  workflow2: Section;
  structure: Structure;
  warnings: string[];
}

export function nwchemArchive(out: NwchemOutput): NwchemArchive {
  const warnings: string[] = [];
  if (!out.finished) warnings.push("the output has no 'Total times': the run did not finish");
  const geometries: NwchemGeometry[] = [];
  const calculations = out.energies.map((energy) => {
    if (geometries[geometries.length - 1] !== energy.geometry) geometries.push(energy.geometry);
    return calculationOf(energy, geometries.length - 1);
  });
  const structures = geometries.map(structureOf);
  const run: Section = {
    program: { name: 'NWChem', ...(out.version ? { version: out.version } : {}) },
    method: [methodOf(out, warnings)],
    system: structures.map(systemSection),
    calculation: calculations,
  };
  const optimization = /\boptimize\b/.test(out.task ?? '');
  const workflow2: Section = optimization
    ? {
        m_def: 'simulationworkflowschema.GeometryOptimization',
        name: 'GeometryOptimization',
        results: { is_converged_geometry: out.optimizationConverged },
      }
    : { m_def: 'simulationworkflowschema.SinglePoint', name: 'SinglePoint' };
  return { run, workflow2, structure: structures[structures.length - 1]!, warnings };
}
