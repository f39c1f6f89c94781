import { useEffect, useState } from 'react';

/**
 * The value once it has stayed the same for `delayMs`; undefined until then (seed 000 §4: the Taximiser reacts
 * to a choice 800 ms after it is made, and never fetches for a choice already replaced).
 */
export function useDelayedValue<T>(value: T, delayMs: number): T | undefined {
  const [settled, setSettled] = useState<{ value: T }>();
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ value }), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled && Object.is(settled.value, value) ? settled.value : undefined;
}
