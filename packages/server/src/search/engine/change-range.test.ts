import { describe, expect, it } from 'vitest';
import { ChangeRange, parseSnapshot, Running } from './change-range.ts';

describe('open change ranges', () => {
  it('counts running transactions a snapshot does not list: those from its xmax up to a later id', () => {
    // A transaction with id 726 running, no transaction finished since 725: PostgreSQL answers '726:726:'.
    const first = parseSnapshot('726:726:', '727');
    const running = Running.at(first);
    expect(running.size).toBe(1n);
    // Still running, and an unrelated one (728) ended: nothing of ours finished.
    expect(running.narrow(parseSnapshot('726:729:726', '730')).size).toBe(1n);
    // 726 ended.
    expect(running.narrow(parseSnapshot('729:729:', '730')).size).toBe(0n);
  });

  it('narrows listed transactions and keeps those still listed', () => {
    const running = Running.at(parseSnapshot('10:15:10,12', '17'));
    // 10, 12 listed; 15, 16 from xmax up to the later id.
    expect(running.size).toBe(4n);
    const later = running.narrow(parseSnapshot('12:20:12,16', '21'));
    expect(later.size).toBe(2n);
  });

  it('knows which numbers it found', () => {
    const range = new ChangeRange(8n, 11n);
    range.mark('9');
    range.mark('11');
    range.mark('12');
    expect([range.has('9'), range.has('10'), range.has('11'), range.has('12')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(range.complete).toBe(false);
    range.mark('10');
    expect(range.complete).toBe(true);
  });
});
