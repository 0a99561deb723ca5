import { describe, expect, it } from 'vitest';
import {
  TYPE_AHEAD_PAUSE_MS,
  extendPrefix,
  nextMatch,
} from '../../../src-renderer/views/devices/typeAhead';

describe('type-ahead', () => {
  it('spells a prefix from keys typed close together and starts again after a pause', () => {
    let typed = extendPrefix({ text: '', at: -Infinity }, 'P', 1000);
    typed = extendPrefix(typed, 'c', 1100);
    expect(typed).toEqual({ text: 'pc', at: 1100 });
    expect(extendPrefix(typed, 'w', 1100 + TYPE_AHEAD_PAUSE_MS).text).toBe('w');
  });

  it('finds the next name with the prefix, wrapping, and -1 when none has it', () => {
    const names = ['PC-1', 'Window', 'PC-2', 'Door'];
    expect(nextMatch(names, 0, 'p')).toBe(2);
    expect(nextMatch(names, 2, 'p')).toBe(0);
    expect(nextMatch(names, 2, 'pc-2')).toBe(2);
    expect(nextMatch(names, 0, 'x')).toBe(-1);
  });
});
