/**
 * Bench builds only (`vite build --mode bench`, made by test/bench/renderer.ts): counts device row
 * renders so the bench can check that one device's change re-renders one row. Other builds drop
 * the call, since the mode check is decided at build time.
 */
export function countRowRender(): void {
  const counters = globalThis as { classTrayRowRenders?: number };
  counters.classTrayRowRenders = (counters.classTrayRowRenders ?? 0) + 1;
}
