// CRYSTAL's fort.25 (.f25) written by a properties run: blocks of band energies along each line of a band
// path ('-%-0BAND') and of densities of states ('-%-0DOSS'). Each block is a header line (columns, rows,
// step, Fermi energy), a line of two reals, a line of integers, then rows × columns values in fields of
// twelve characters, six to a line (Hartree; DOS in states per Hartree per cell).
import { numbersIn } from '../../text/numbers.ts';
import { blocks, every, first } from '../../text/rules.ts';
import { readText } from '../../text/read-text.ts';

export interface F25Block {
  kind: 'BAND' | 'DOSS';
  columns: number;
  rows: number;
  /** Hartree per row (DOS) */
  step: number;
  /** Hartree */
  fermi: number;
  /** The first row's energy (DOS), Hartree. */
  start: number;
  /** rows × columns */
  values: number[][];
}

const HEADER = /^-%-0(BAND|DOSS)\s*(\d+)\s*(\d+)(.*)$/;

const f25 = {
  blocks: blocks(HEADER, {
    header: first(HEADER, (match) => {
      const reals = numbersIn(match[4]!);
      return reals.length >= 3
        ? { kind: match[1] as 'BAND' | 'DOSS', columns: Number(match[2]), rows: Number(match[3]), reals }
        : undefined;
    }),
    // The header's own line holds no value rows; every other line is numbers.
    lines: every(/^(?!-%-)\s*[-\d.]/, (match) => numbersIn(match.input)),
  }),
};

export function readF25(content: string, file: string): F25Block[] {
  const { values } = readText(f25, content, file);
  return values.blocks.flatMap((block): F25Block[] => {
    const header = block.header;
    if (!header || block.lines.length < 2) return [];
    const [second, , ...rest] = block.lines;
    const flat = rest.flat();
    const count = header.rows * header.columns;
    if (flat.length < count) return [];
    const values = Array.from({ length: header.rows }, (_, row) =>
      flat.slice(row * header.columns, (row + 1) * header.columns),
    );
    return [
      {
        kind: header.kind,
        columns: header.columns,
        rows: header.rows,
        step: header.reals[1]!,
        fermi: header.reals[2]!,
        start: second![1] ?? 0,
        values,
      },
    ];
  });
}
