import { describe, expect, it } from 'vitest';
import { cifNumber, readCifBlocks } from './cif-syntax.ts';
import { applyOperation, parseSymmetryOperation } from './symmetry-operations.ts';

describe('CIF syntax', () => {
  it('reads items, loops, quotes, text fields and comments', () => {
    const [block, second] = readCifBlocks(`# a comment
data_first
_title 'it''s a "quoted" value'  # trailing comment
_publ_section_title
;
Multi-line
text field
;
_journal_year 2021
_unknown_a ?
_unknown_b .
_quoted_question '?'
loop_
_x_label
_x_value
A 1.5(2)
'B C' 2
data_second
_cell.length_a 4.2
`);
    expect(block?.name).toBe('first');
    expect(block?.items.get('_title')?.text).toBe(`it''s a "quoted" value`);
    expect(block?.items.get('_publ_section_title')?.text).toBe('Multi-line\ntext field');
    expect(cifNumber(block?.items.get('_journal_year'))).toBe(2021);
    expect(cifNumber(block?.items.get('_unknown_a'))).toBeUndefined();
    expect(cifNumber(block?.items.get('_unknown_b'))).toBeUndefined();
    expect(block?.items.get('_quoted_question')?.text).toBe('?');
    expect(block?.loops[0]?.rows.map((r) => r.map((v) => v.text))).toEqual([
      ['A', '1.5(2)'],
      ['B C', '2'],
    ]);
    // mmCIF-style tags are folded to the CIF 1 spelling.
    expect(second?.items.get('_cell_length_a')?.text).toBe('4.2');
  });

  it('drops standard uncertainties from numbers', () => {
    const v = (text: string): number | undefined => cifNumber({ text, quoted: false });
    expect(v('1.234(5)')).toBe(1.234);
    expect(v('-0.5')).toBe(-0.5);
    expect(v('.25')).toBe(0.25);
    expect(v('1e-3')).toBe(0.001);
    expect(v('12(3)')).toBe(12);
    expect(v('abc')).toBeUndefined();
  });

  it('reports malformed syntax with a line number', () => {
    expect(() => readCifBlocks('data_x\n_a\n')).toThrow(/tag _a has no value/);
    expect(() => readCifBlocks('data_x\n_a\n;\nnever closed\n')).toThrow(
      /text field starting on line 3 is not closed/,
    );
    expect(() => readCifBlocks('_a 1\n')).toThrow(/before the first data_ block/);
  });
});

describe('symmetry operations', () => {
  it('reads signs, fractions, decimals and combined axes', () => {
    const op = parseSymmetryOperation('-x+1/2, x-y, 0.25+Z');
    expect(op.rotation).toEqual([
      [-1, 0, 0],
      [1, -1, 0],
      [0, 0, 1],
    ]);
    expect(op.translation).toEqual([0.5, 0, 0.25]);
    expect(applyOperation(op, [0.1, 0.2, 0.3])).toEqual([0.4, 0.1 - 0.2, 0.55]);
  });

  it('rejects malformed operations', () => {
    expect(() => parseSymmetryOperation('x,y')).toThrow(/three components/);
    expect(() => parseSymmetryOperation('x,y,w')).toThrow(/cannot be read/);
  });
});
