import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedInput } from './useDebouncedInput.ts';

describe('useDebouncedInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes a value on after it rested for the wait', () => {
    const { result, rerender } = renderHook(({ v }) => useDebouncedInput(v, 150, 300), {
      initialProps: { v: 'a' },
    });
    rerender({ v: 'ab' });
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(result.current).toBe('a');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('ab');
  });

  it('passes the latest value on after the max wait while it keeps changing', () => {
    const { result, rerender } = renderHook(({ v }) => useDebouncedInput(v, 150, 300), {
      initialProps: { v: '' },
    });
    // Keys 100 ms apart: the wait never elapses, the max wait of 300 ms does with the third key.
    const seen = ['S', 'Si', 'SiO', 'SiO2', 'SiO2 ', 'SiO2 x'].map((v) => {
      rerender({ v });
      act(() => {
        vi.advanceTimersByTime(100);
      });
      return result.current;
    });
    expect(seen).toEqual(['', '', 'SiO', 'SiO', 'SiO', 'SiO2 x']);
  });
});
