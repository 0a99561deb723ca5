import { describe, expect, it, vi } from 'vitest';
import type { ClassTrayChange } from '../../src-main/core/api/classTrayApi';
import { followState } from '../../src-main/electron/stateFollower';
import { roomState } from './stateFixture';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('following the core state', () => {
  it('reads the snapshot once at start and once per burst of changes', async () => {
    let push: ((change: ClassTrayChange) => void) | undefined;
    const first = roomState();
    const second = roomState({ temporalAccesses: [] });
    const getState = vi.fn().mockResolvedValueOnce(first).mockResolvedValueOnce(second);
    const onState = vi.fn();
    followState(
      {
        getState,
        subscribe: (listener) => {
          push = listener;
          return () => undefined;
        },
      },
      onState,
      vi.fn(),
    );
    await tick();
    const a: ClassTrayChange = { type: 'online-changed', remoteId: '1', online: false };
    const b: ClassTrayChange = { type: 'device-removed', remoteId: '2' };
    push?.(a);
    push?.(b);
    await tick();
    await tick();
    expect(getState).toHaveBeenCalledTimes(2);
    expect(onState.mock.calls).toEqual([
      [first, first, []],
      [second, first, [a, b]],
    ]);
  });
});
