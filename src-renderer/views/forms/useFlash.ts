import { useEffect, useState } from 'react';

const SHOWN_MS = 1500;

/** A short confirmation (e.g. "Copied") that clears itself. */
export function useFlash<T>(): [T | null, (value: T) => void] {
  const [value, setValue] = useState<{ value: T; at: number } | null>(null);
  useEffect(() => {
    if (value === null) return;
    const timer = setTimeout(() => setValue(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [value]);
  // A fresh object each time, so a second click restarts the timer.
  return [value?.value ?? null, (next: T) => setValue({ value: next, at: Date.now() })];
}
