import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  HISTORY_SIZE,
  historyMatching,
  historyStorageKey,
  pushHistory,
  readHistory,
  writeHistory,
} from './history.ts';
import type { SearchSuggestion } from './suggestion.ts';
import { useSearchHistory } from './useSearchHistory.ts';

const eq = (input: string): SearchSuggestion => ({ input, type: 'equality' });

describe('search history', () => {
  beforeEach(() => window.localStorage.clear());

  it('puts the latest first, once, and keeps at most 20', () => {
    let history: SearchSuggestion[] = [];
    for (let i = 0; i < 25; i++) history = pushHistory(history, eq(`a = ${i}`));
    expect(HISTORY_SIZE).toBe(20);
    expect(history).toHaveLength(20);
    expect(history[0]).toEqual({ input: 'a = 24', type: 'equality', history: true });
    expect(history.at(-1)?.input).toBe('a = 5');
    history = pushHistory(history, eq('a = 10'));
    expect(history).toHaveLength(20);
    expect(history[0]?.input).toBe('a = 10');
    expect(history.filter((item) => item.input === 'a = 10')).toHaveLength(1);
  });

  it('keeps the same text of different types apart', () => {
    const history = pushHistory(pushHistory([], eq('x')), { input: 'x', type: 'free_text' });
    expect(history).toHaveLength(2);
  });

  it('persists per app path and ignores foreign data', () => {
    writeHistory(window.localStorage, 'entries', [eq('a = 1')]);
    expect(readHistory(window.localStorage, 'entries')).toEqual([
      { input: 'a = 1', type: 'equality', history: true },
    ]);
    expect(readHistory(window.localStorage, 'materials')).toEqual([]);
    window.localStorage.setItem(historyStorageKey('eln'), '{"not": "a list"}');
    expect(readHistory(window.localStorage, 'eln')).toEqual([]);
    window.localStorage.setItem(
      historyStorageKey('eln'),
      '[{"input": 1}, {"input": "b", "type": "name"}, "x"]',
    );
    expect(readHistory(window.localStorage, 'eln')).toEqual([{ input: 'b', type: 'name', history: true }]);
    window.localStorage.setItem(historyStorageKey('eln'), 'not json');
    expect(readHistory(window.localStorage, 'eln')).toEqual([]);
  });

  it('matches the typed text case-insensitively, everything when empty', () => {
    const history = [eq('authors.name = Jane'), eq('results.material.n_elements > 2')];
    expect(historyMatching(history, '')).toHaveLength(2);
    expect(historyMatching(history, 'JANE')).toEqual([history[0]]);
  });

  it('useSearchHistory stores pushes and removals and survives a remount', () => {
    const first = renderHook(() => useSearchHistory('entries'));
    act(() => first.result.current.push(eq('a = 1')));
    act(() => first.result.current.push(eq('a = 2')));
    act(() => first.result.current.remove('equality:a = 1'));
    expect(first.result.current.items.map((item) => item.input)).toEqual(['a = 2']);
    first.unmount();

    const second = renderHook(({ path }) => useSearchHistory(path), { initialProps: { path: 'entries' } });
    expect(second.result.current.items).toEqual([{ input: 'a = 2', type: 'equality', history: true }]);
    second.rerender({ path: 'materials' });
    expect(second.result.current.items).toEqual([]);
    act(() => second.result.current.push(eq('b = 1')));
    expect(readHistory(window.localStorage, 'materials')).toHaveLength(1);
    expect(readHistory(window.localStorage, 'entries')).toHaveLength(1);
  });
});
