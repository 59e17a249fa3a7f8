// POTCAR headers (as in a POTCAR file or echoed at the top of an OUTCAR) and the pseudopotential
// sections NOMAD derives from them: name (the TITEL), kind, functional and the suggested cutoff.
import type { Settings } from './settings.ts';
import { EV } from './units.ts';
import { GGA, potcarFunctional } from './xc.ts';

export interface PotcarHeader {
  /** TITEL, e.g. 'PAW_PBE Ac 06Sep2000'. */
  title: string;
  /** LEXCH ('PE', '91', 'CA' ...), the functional the potential was made with. */
  lexch?: string;
  /** ENMAX, eV: the cutoff the potential asks for. */
  enmax?: number;
  /** POMASS (amu) and ZVAL as the header prints them (more digits than the parameter echo). */
  pomass?: number;
  zval?: number;
  paw?: boolean;
  ultrasoft?: boolean;
}

export interface PseudopotentialSection {
  name: string;
  type?: 'PAW' | 'US V';
  norm_conserving?: boolean;
  /** J */
  cutoff?: number;
  xc_functional_name?: string[];
}

const squeeze = (text: string): string => text.trim().replace(/\s+/g, ' ');

const LINE = {
  any: /^\s*(?:LEXCH|TITEL|ENMAX|POMASS|LPAW|LULTRA)\s*=/,
  lexch: /^\s*LEXCH\s*=\s*(\S+)/,
  titel: /^\s*TITEL\s*=\s*(.+?)\s*$/,
  enmax: /^\s*ENMAX\s*=\s*([-+.\dEe]+)/,
  pomass: /^\s*POMASS\s*=\s*([-+.\dEe]+)\s*;\s*ZVAL\s*=\s*([-+.\dEe]+)/,
  lpaw: /^\s*LPAW\s*=\s*(\S+)/,
  lultra: /^\s*LULTRA\s*=\s*(\S+)/,
};

const isTrue = (token: string | undefined): boolean => /^\.?T/i.test(token ?? '');

/**
 * Collects POTCAR headers line by line. LEXCH comes before TITEL in a header, so it is held until
 * the TITEL that opens the header; later keys fill the header last opened (first value wins).
 */
function potcarHeaderCollector(): { line: (text: string) => void; headers: PotcarHeader[] } {
  const headers: PotcarHeader[] = [];
  let lexch: string | undefined;
  let current: PotcarHeader | undefined;
  const line = (text: string): void => {
    // Most lines of an OUTCAR are none of these: one cheap test first.
    if (!LINE.any.test(text)) return;
    let m = LINE.lexch.exec(text);
    if (m) {
      lexch = m[1];
      return;
    }
    m = LINE.titel.exec(text);
    if (m) {
      current = { title: squeeze(m[1] ?? '') };
      if (lexch !== undefined) current.lexch = lexch;
      lexch = undefined;
      headers.push(current);
      return;
    }
    if (!current) return;
    if ((m = LINE.enmax.exec(text))) current.enmax ??= Number(m[1]);
    else if ((m = LINE.pomass.exec(text))) {
      current.pomass ??= Number(m[1]);
      current.zval ??= Number(m[2]);
    } else if ((m = LINE.lpaw.exec(text))) current.paw ??= isTrue(m[1]);
    else if ((m = LINE.lultra.exec(text))) current.ultrasoft ??= isTrue(m[1]);
  };
  return { line, headers };
}

/** The headers in lines of a POTCAR (or of an OUTCAR, which echoes them at its top). */
export function potcarHeadersOf(lines: Iterable<string>): PotcarHeader[] {
  const collector = potcarHeaderCollector();
  for (const line of lines) collector.line(line);
  return collector.headers;
}

/** The headers of a POTCAR file's text. */
export function readPotcarHeaders(text: string): PotcarHeader[] {
  return potcarHeadersOf(text.split(/\r?\n/));
}

/** The pseudopotential of one atom type from its title and, when known, its header. */
export function pseudopotentialOf(title: string, header?: PotcarHeader): PseudopotentialSection {
  const name = squeeze(title);
  const section: PseudopotentialSection = { name };
  // '^PAW_PBE F_h_GW ...': a leading mark is not part of the kind.
  const kind = (name.split(' ')[0] ?? '').replace(/^[^A-Za-z]+/, '').toUpperCase();
  if (header?.paw === true || kind.startsWith('PAW')) section.type = 'PAW';
  else if (header?.ultrasoft === true || kind.startsWith('US')) section.type = 'US V';
  else if (kind.startsWith('NC')) section.norm_conserving = true;
  if (header?.enmax !== undefined && Number.isFinite(header.enmax)) section.cutoff = header.enmax * EV;
  const functional = header?.lexch?.toUpperCase() ?? potcarFunctional([name]);
  const names = functional === undefined ? undefined : GGA[functional];
  if (names) section.xc_functional_name = [...names];
  return section;
}

/** Headers matched to the run's titles (by title; in order when a title is repeated). */
export function headersFor(
  titles: readonly string[],
  headers: readonly PotcarHeader[],
): (PotcarHeader | undefined)[] {
  const used = new Set<PotcarHeader>();
  return titles.map((title) => {
    const wanted = squeeze(title);
    const header = headers.find((h) => !used.has(h) && h.title === wanted);
    if (header) used.add(header);
    return header;
  });
}

const NATIVE_TIERS: Readonly<Record<string, string>> = {
  L: 'low',
  M: 'medium',
  N: 'normal',
  H: 'high',
  A: 'accurate',
  S: 'single',
};

export interface BasisSetContainer {
  type: 'plane waves';
  scope: string[];
  native_tier?: string;
  basis_set: { type: 'plane waves'; scope: string[]; cutoff?: number }[];
}

/**
 * NOMAD's electrons_representation of a VASP run: plane waves for the wave functions (cutoff ENCUT)
 * and for the augmentation charges (ENAUG), with PREC as the native tier. VASP reads PREC by its
 * first letter ('acc', 'med' ...). Cutoffs in eV.
 */
export function electronsRepresentationOf(
  settings: Settings,
  valence: number | undefined,
  augmentation: number | undefined,
): BasisSetContainer {
  const container: BasisSetContainer = { type: 'plane waves', scope: ['wavefunction'], basis_set: [] };
  const prec = settings.string('PREC');
  const tier = prec === undefined ? undefined : NATIVE_TIERS[prec.charAt(0)];
  if (tier) container.native_tier = tier;
  for (const [scope, cutoff] of [
    ['valence', valence],
    ['augmentation', augmentation],
  ] as const) {
    const basis: BasisSetContainer['basis_set'][number] = { type: 'plane waves', scope: [scope] };
    if (cutoff !== undefined && Number.isFinite(cutoff)) basis.cutoff = cutoff * EV;
    container.basis_set.push(basis);
  }
  return container;
}
