// XYZ: the atom count, a comment line, then one 'symbol x y z' line per atom in Å. The comment line
// carries the cell in the extended-XYZ convention (Lattice, Properties, pbc) when there is one.
import { fixed } from './fixed.ts';
import type { Atoms } from './atoms.ts';

export function writeXyz(atoms: Atoms): string {
  const lines = [String(atoms.species.length)];
  if (atoms.lattice) {
    const lattice = atoms.lattice
      .flat()
      .map((x) => fixed(x, 8))
      .join(' ');
    const pbc = atoms.periodic.map((p) => (p ? 'T' : 'F')).join(' ');
    lines.push(`Lattice="${lattice}" Properties=species:S:1:pos:R:3 pbc="${pbc}"`);
  } else {
    lines.push('Properties=species:S:1:pos:R:3 pbc="F F F"');
  }
  atoms.species.forEach((symbol, i) => {
    const [x, y, z] = atoms.positions[i]!;
    lines.push(
      `${symbol.padEnd(2)} ${fixed(x, 8).padStart(15)} ${fixed(y, 8).padStart(15)} ${fixed(z, 8).padStart(15)}`,
    );
  });
  return `${lines.join('\n')}\n`;
}
