import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDelayedValue } from './use-delayed-value';

describe('useDelayedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('when a value is chosen, then it is answered only after it stayed 800 ms, never the one it replaced', () => {
    const { result, rerender } = renderHook(({ value }) => useDelayedValue(value, 800), {
      initialProps: { value: 'a' },
    });
    expect(result.current).toBeUndefined();
    act(() => vi.advanceTimersByTime(800));
    expect(result.current).toBe('a');
    rerender({ value: 'b' });
    expect(result.current).toBeUndefined();
    act(() => vi.advanceTimersByTime(799));
    expect(result.current).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('b');
  });
});
