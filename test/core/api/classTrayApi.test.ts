import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiInputError } from '../../../src-main/core/api/apiInput';
import type { ActionHandlers } from '../../../src-main/core/api/apiMethods';
import type { ApiAction } from '../../../src-main/core/api/classTrayApi';
import { api } from '../../../src-main/core/api/classTrayApi';
import { runAction } from '../../../src-main/core/api/apiMethods';
import { PREFERENCE_KEYS } from '../../../src-main/core/settings/preferences';
import { defaultSettings } from '../../../src-main/core/settings/settingsSchema';
import { preferencesView } from '../../../src-main/core/settings/preferencesView';
import { ACTION_NAMES } from '../../../src-shared/actions';

describe('the action table', () => {
  it('has exactly the action names the preload and the window build on', () => {
    expectTypeOf<(typeof ACTION_NAMES)[number]>().toEqualTypeOf<ApiAction>();
    expect(Object.keys(api).sort()).toEqual([...ACTION_NAMES].sort());
  });

  it('runs the named action with the checked input, and refuses a bad one before it', async () => {
    const handlers = Object.fromEntries(
      ACTION_NAMES.map((name) => [name, vi.fn(async () => undefined)]),
    ) as unknown as ActionHandlers;
    await runAction(handlers, 'selectClassroom', { id: ' room-12 ' });
    expect(handlers.selectClassroom).toHaveBeenCalledWith({ id: 'room-12' });
    await expect(runAction(handlers, 'setMode', { mode: 'root' })).rejects.toThrow(ApiInputError);
    await expect(runAction(handlers, 'setMode', { mode: 'root' })).rejects.toThrow(
      /^setMode: mode/,
    );
    expect(handlers.setMode).not.toHaveBeenCalled();
  });
});

describe('preferences', () => {
  it('takes every preference the view shows, and nothing else', () => {
    expect(Object.keys(api.updatePreferences.input.shape).sort()).toEqual(
      [...PREFERENCE_KEYS].sort(),
    );
    expect(Object.keys(preferencesView(defaultSettings())).sort()).toEqual(
      [...PREFERENCE_KEYS].sort(),
    );
  });

  it('fills in nothing that was left out, so it keeps its saved value', () => {
    expect(api.updatePreferences.input.parse({ poll: { hiddenSeconds: 120 } })).toEqual({
      poll: { hiddenSeconds: 120 },
    });
  });
});
