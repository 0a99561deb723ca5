import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPEN_SHORTCUT,
  ariaShortcut,
  isOpenShortcut,
  normalShortcut,
  shortcutFromKeys,
  shortcutLabel,
} from '../../src-shared/openShortcut';
import { preferenceSettings } from '../../src-main/core/settings/preferences';

const press = (over: Partial<Parameters<typeof shortcutFromKeys>[0]>) => ({
  key: '',
  code: '',
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  metaKey: false,
  ...over,
});

describe('the open shortcut', () => {
  it('takes Electron accelerators with a modifier besides Shift, written one way', () => {
    expect(normalShortcut(DEFAULT_OPEN_SHORTCUT)).toBe(DEFAULT_OPEN_SHORTCUT);
    expect(normalShortcut('shift+ctrl+k')).toBe('Control+Shift+K');
    expect(normalShortcut('CmdOrCtrl+Alt+Space')).toBe('CommandOrControl+Alt+Space');
    expect(normalShortcut('Option+Plus')).toBe('Alt+Plus');
    for (const refused of [
      'F9',
      'Shift+F9',
      'Ctrl+Ctrl+K',
      'Ctrl+Hyper+K',
      'Ctrl+',
      'Ctrl+F25',
      'Ctrl+K+L',
    ]) {
      expect(normalShortcut(refused), refused).toBeNull();
    }
    expect(isOpenShortcut('')).toBe(true);
    expect(isOpenShortcut('K')).toBe(false);
  });

  it("is the preference's rule: an empty one turns it off, a bare key is refused", () => {
    const rule = preferenceSettings.openShortcut;
    expect(rule.parse(undefined)).toBe(DEFAULT_OPEN_SHORTCUT);
    expect(rule.parse('')).toBe('');
    expect(rule.safeParse('Q').success).toBe(false);
  });

  it('records the keys pressed, by their place on the keyboard, Cmd standing for Ctrl on a Mac', () => {
    expect(
      shortcutFromKeys(press({ key: 'Control', code: 'ControlLeft', ctrlKey: true }), false),
    ).toBe('modifier');
    expect(shortcutFromKeys(press({ key: 'k', code: 'KeyK' }), false)).toBe('alone');
    expect(shortcutFromKeys(press({ key: 'K', code: 'KeyK', shiftKey: true }), false)).toBe(
      'alone',
    );
    // Alt+Shift+9 types "(" on many layouts: the key is still 9.
    expect(
      shortcutFromKeys(
        press({ key: '(', code: 'Digit9', ctrlKey: true, altKey: true, shiftKey: true }),
        false,
      ),
    ).toEqual({ accelerator: 'CommandOrControl+Alt+Shift+9' });
    expect(
      shortcutFromKeys(press({ key: 'F9', code: 'F9', metaKey: true, shiftKey: true }), true),
    ).toEqual({
      accelerator: DEFAULT_OPEN_SHORTCUT,
    });
    expect(shortcutFromKeys(press({ key: 'F9', code: 'F9', ctrlKey: true }), true)).toEqual({
      accelerator: 'Control+F9',
    });
  });

  it('shows the keys as the teacher reads them and as a screen reader names them', () => {
    expect(shortcutLabel(DEFAULT_OPEN_SHORTCUT, false)).toBe('Ctrl+Shift+F9');
    expect(shortcutLabel(DEFAULT_OPEN_SHORTCUT, true)).toBe('⌘⇧F9');
    expect(ariaShortcut(DEFAULT_OPEN_SHORTCUT, false)).toBe('Control+Shift+F9');
    expect(ariaShortcut(DEFAULT_OPEN_SHORTCUT, true)).toBe('Meta+Shift+F9');
  });
});
