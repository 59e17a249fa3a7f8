// Wannier90 builds its model on a first-principles run's Bloch states. When that run's output sits
// beside the .wout (a mainfile of another code parser), the entry's workflow2 is NOMAD's
// FirstPrinciplesPlusTB: the first-principles run, then the Wannier (tight-binding) model, each a task,
// the first-principles sections referenced in their own entry by mainfile.
import type { FirstPrinciplesPlusTbWorkflow } from '@oasis/schema';
import type { FolderMainfile, ParserInput } from '../../types.ts';

/** Parsers whose entries are no first-principles run a Wannier model builds on. */
const NOT_FIRST_PRINCIPLES = new Set([
  'parsers/wannier90',
  // Post-processing and workflow managers.
  'parsers/yambo',
  'parsers/phonopy',
  'parsers/elastic',
  // Force fields and semi-empirical models.
  'parsers/lammps',
  'parsers/gromacs',
  'parsers/dlpoly',
  'parsers/namd',
  'parsers/xtb',
  'parsers/dftbplus',
  // Archives and structure files.
  'parsers/archive',
  'parsers/nexus',
  'parsers/cif',
  'parsers/poscar',
  'parsers/xyz',
]);

/** The first-principles output beside the mainfile (the first by path), if there is one. */
export async function firstPrinciplesMainfile(input: ParserInput): Promise<string | undefined> {
  let mainfiles: FolderMainfile[];
  try {
    mainfiles = (await input.folderMainfiles?.()) ?? [];
  } catch {
    // A folder that cannot be listed leaves the entry a single point.
    return undefined;
  }
  return mainfiles.find((file) => !NOT_FIRST_PRINCIPLES.has(file.parser))?.path;
}

/** workflow2 of the Wannier model (this entry) on the first-principles run of the mainfile `path`. */
export function firstPrinciplesPlusTb(path: string): FirstPrinciplesPlusTbWorkflow {
  const entry = `../upload/archive/mainfile/${path}#`;
  const structure = { name: 'Input structure', section: `${entry}/run/0/system/-1` };
  const firstPrinciples = {
    name: 'Output first-principles calculation',
    section: `${entry}/run/0/calculation/-1`,
  };
  const model = { name: 'Output TB model', section: '/run/0/calculation/0' };
  return {
    m_def: 'simulationworkflowschema.FirstPrinciplesPlusTB',
    name: 'FirstPrinciplesPlusTB',
    method: {
      first_principles_method_ref: `${entry}/run/0/method/0`,
      tb_method_ref: '/run/0/method/0/tb',
    },
    inputs: [structure],
    outputs: [model],
    tasks: [
      { name: 'FirstPrinciples', inputs: [structure], outputs: [firstPrinciples] },
      { name: 'TB', inputs: [firstPrinciples], outputs: [model] },
    ],
  };
}
