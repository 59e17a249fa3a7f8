// Mainfile matching: which parser (if any) claims a file of an upload. First match wins, in the
// order of the registry; files no parser claims stay plain raw files.
import { abinitParser } from './parsers/abinit/abinit.ts';
import { archiveParser } from './parsers/archive.ts';
import { castepParser } from './parsers/castep/castep.ts';
import { cifParser } from './parsers/cif.ts';
import { cp2kParser } from './parsers/cp2k/cp2k.ts';
import { crystalParser } from './parsers/crystal/crystal.ts';
import { dftbplusParser } from './parsers/dftbplus/dftbplus.ts';
import { dlpolyParser } from './parsers/dlpoly/dlpoly.ts';
import { elasticParser } from './parsers/elastic/elastic.ts';
import { elkParser } from './parsers/elk/elk.ts';
import { excitingParser } from './parsers/exciting/exciting.ts';
import { fhiAimsParser } from './parsers/fhi-aims/fhi-aims.ts';
import { gaussianParser } from './parsers/gaussian/gaussian.ts';
import { gpawParser } from './parsers/gpaw/gpaw.ts';
import { gromacsParser } from './parsers/gromacs/gromacs.ts';
import { lammpsParser } from './parsers/lammps/lammps.ts';
import { namdParser } from './parsers/namd/namd.ts';
import { nexusParser } from './parsers/nexus/nexus.ts';
import { nwchemParser } from './parsers/nwchem/nwchem.ts';
import { octopusParser } from './parsers/octopus/octopus.ts';
import { orcaParser } from './parsers/orca/orca.ts';
import { outcarParser } from './parsers/outcar/outcar.ts';
import { phonopyParser } from './parsers/phonopy/phonopy.ts';
import { poscarParser } from './parsers/poscar.ts';
import { psi4Parser } from './parsers/psi4/psi4.ts';
import { quantumEspressoParser } from './parsers/quantum-espresso/quantum-espresso.ts';
import { siestaParser } from './parsers/siesta/siesta.ts';
import { turbomoleParser } from './parsers/turbomole/turbomole.ts';
import { vasprunParser } from './parsers/vasp/index.ts';
import { wannier90Parser } from './parsers/wannier90/wannier90.ts';
import { wien2kParser } from './parsers/wien2k/wien2k.ts';
import { xtbParser } from './parsers/xtb/xtb.ts';
import { xyzParser } from './parsers/xyz.ts';
import { yamboParser } from './parsers/yambo/yambo.ts';
import { compressionOf, withoutCompressionSuffix } from './compression.ts';
import type { MainfileParser } from './types.ts';

/**
 * Registry order matters: the first match wins. Archive files first (their names are explicit), then
 * the code parsers, whose name patterns are narrowed by content checks (the codes read since NOMAD's
 * parser tests came with them last, so none can take an older code's file), then plain structure files.
 */
export const PARSERS: readonly MainfileParser[] = [
  archiveParser,
  vasprunParser,
  outcarParser,
  quantumEspressoParser,
  phonopyParser,
  fhiAimsParser,
  gaussianParser,
  cp2kParser,
  orcaParser,
  lammpsParser,
  gromacsParser,
  nwchemParser,
  castepParser,
  excitingParser,
  abinitParser,
  elasticParser,
  siestaParser,
  wien2kParser,
  elkParser,
  crystalParser,
  turbomoleParser,
  psi4Parser,
  octopusParser,
  gpawParser,
  xtbParser,
  dftbplusParser,
  dlpolyParser,
  namdParser,
  wannier90Parser,
  yamboParser,
  nexusParser,
  cifParser,
  poscarParser,
  xyzParser,
];

/** How many leading bytes content regexes see (NOMAD reads a similar head of each file). */
export const HEAD_BYTES = 4096;

export function getParser(
  name: string,
  parsers: readonly MainfileParser[] = PARSERS,
): MainfileParser | undefined {
  return parsers.find((p) => p.name === name);
}

/**
 * The parser for a file, given its upload-relative path and its first decompressed bytes (see
 * compression.ts readMatchHead). Returns undefined for files that are not mainfiles.
 */
export function matchParser(
  relativePath: string,
  head: Buffer,
  parsers: readonly MainfileParser[] = PARSERS,
): MainfileParser | undefined {
  const compression = compressionOf(relativePath);
  const name = withoutCompressionSuffix(relativePath);
  const text = head.subarray(0, HEAD_BYTES).toString('latin1');
  return parsers.find((parser) => {
    if (compression && !parser.compressions?.includes(compression)) return false;
    if (!parser.mainfileName.test(name)) return false;
    return parser.mainfileContents ? parser.mainfileContents.test(text) : true;
  });
}
