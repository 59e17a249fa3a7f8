// An ABINIT _DOS file (prtdos 1 or 2): energies (Hartree), and per spin channel the DOS
// (states/Hartree/cell) and its integral, in blocks headed '# Spin-up DOS' / '# Spin-dn DOS'.
import { numbersIn } from '../../text/numbers.ts';

export interface AbinitDos {
  /** Hartree */
  energies: number[];
  /** Hartree */
  fermi?: number;
  channels: { value: number[]; integrated: number[] }[];
}

export function readAbinitDos(text: string): AbinitDos | undefined {
  const dos: AbinitDos = { energies: [], channels: [] };
  let channel: AbinitDos['channels'][number] | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#')) {
      const fermi = /Fermi energy\s*:\s*(\S+)/.exec(line);
      if (fermi) dos.fermi = Number(fermi[1]);
      // A new channel at each spin heading; a file without one has a single channel.
      if (/Spin-(?:up|dn) DOS/.test(line) || (!channel && /^#\s+energy\s+DOS/.test(line))) {
        if (!channel || channel.value.length > 0) {
          channel = { value: [], integrated: [] };
          dos.channels.push(channel);
        }
      }
      continue;
    }
    const values = numbersIn(line);
    if (values.length < 3 || !channel) continue;
    if (dos.channels.length === 1) dos.energies.push(values[0]!);
    channel.value.push(values[1]!);
    channel.integrated.push(values[2]!);
  }
  const n = dos.energies.length;
  if (n === 0 || dos.channels.some((c) => c.value.length !== n)) return undefined;
  return dos;
}
