/**
 * The shortcut that opens and closes ClassTray's window from anywhere, in Electron's accelerator
 * syntax ("CommandOrControl+Shift+F9"): the core's rule for the preference and the policy key
 * `OpenShortcut`, the window's key capture, and how the keys are shown. Plain values, no Node:
 * the renderer imports this module.
 *
 * The default: no common classroom app takes it (Teams, Zoom, Office, the browsers and SMART
 * Notebook use Ctrl+Shift+letters and Alt+letters; Ctrl+Alt+letters are AltGr characters on
 * Polish, German and French keyboards, Ctrl+Alt+F1–F7 switch consoles on Linux). Word's
 * Ctrl+Shift+F9 (unlink a field) is the one use found, and it is rare.
 */
export const DEFAULT_OPEN_SHORTCUT = 'CommandOrControl+Shift+F9';

/** Longer than any accelerator with every modifier once. */
export const OPEN_SHORTCUT_MAX_LENGTH = 60;

/** Each modifier Electron accepts, by the one name ClassTray writes for it. */
const MODIFIERS: Readonly<Record<string, string>> = {
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  alt: 'Alt',
  option: 'Alt',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
};

/** Keys a global shortcut may end with (Electron's accelerator keys, media keys left out). */
const NAMED_KEYS = [
  ...Array.from({ length: 24 }, (_, index) => `F${index + 1}`),
  'Space',
  'Tab',
  'Backspace',
  'Delete',
  'Insert',
  'Return',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Plus',
  ...Array.from({ length: 10 }, (_, index) => `num${index}`),
];
const KEYS = new Map(NAMED_KEYS.map((key) => [key.toLowerCase(), key]));
const PUNCTUATION = new Set([...')!@#$%^&*(:;:+=<,_->.?/~`{][|\\}"\'']);

/**
 * The accelerator written the one way ClassTray writes it, or null when Electron would refuse it
 * or it would take a key alone: at least one modifier besides Shift (Shift+F9 alone would take
 * a key every teacher types), then exactly one key.
 */
export function normalShortcut(text: string): string | null {
  if (text.length === 0 || text.length > OPEN_SHORTCUT_MAX_LENGTH) return null;
  // "Plus" is the key's name: a literal "+" would split.
  const parts = text.split('+');
  const keyText = parts.pop() ?? '';
  const modifiers = new Set<string>();
  for (const part of parts) {
    const modifier = MODIFIERS[part.toLowerCase()];
    if (modifier === undefined || modifiers.has(modifier)) return null;
    modifiers.add(modifier);
  }
  if ([...modifiers].every((modifier) => modifier === 'Shift')) return null;
  const key = /^[a-z0-9]$/i.test(keyText)
    ? keyText.toUpperCase()
    : PUNCTUATION.has(keyText) && keyText !== '+'
      ? keyText
      : KEYS.get(keyText.toLowerCase());
  if (key === undefined) return null;
  const order = ['CommandOrControl', 'Command', 'Control', 'Alt', 'AltGr', 'Shift', 'Super'];
  return [...order.filter((modifier) => modifiers.has(modifier)), key].join('+');
}

/** The preference's and the policy key's rule: a shortcut ClassTray can take, or '' for none. */
export const isOpenShortcut = (text: string): boolean =>
  text === '' || normalShortcut(text) !== null;

/** What a key press in the window's capture field stands for. */
export interface PressedKeys {
  key: string;
  code: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

/**
 * The accelerator for keys pressed in the capture field: `modifier` while only modifiers are
 * held (wait for the key), `alone` for a key without Ctrl, Alt or Cmd, else the accelerator.
 * On macOS Cmd stands for CommandOrControl, elsewhere Ctrl does, so the saved shortcut reads
 * the same on the school's other computers.
 */
export function shortcutFromKeys(
  pressed: PressedKeys,
  mac: boolean,
): { accelerator: string } | 'modifier' | 'alone' {
  if (['Control', 'Alt', 'Shift', 'Meta', 'AltGraph', 'OS'].includes(pressed.key)) {
    return 'modifier';
  }
  const key = keyName(pressed);
  if (key === null) return 'alone';
  const primary = mac ? pressed.metaKey : pressed.ctrlKey;
  const other = mac ? pressed.ctrlKey : pressed.metaKey;
  const parts = [
    ...(primary ? ['CommandOrControl'] : []),
    ...(other ? [mac ? 'Control' : 'Super'] : []),
    ...(pressed.altKey ? ['Alt'] : []),
    ...(pressed.shiftKey ? ['Shift'] : []),
    key,
  ];
  const accelerator = normalShortcut(parts.join('+'));
  return accelerator === null ? 'alone' : { accelerator };
}

/** The key itself from its physical code (Alt and Shift change `key`: Alt+Shift+9 is "("). */
function keyName({ code, key }: PressedKeys): string | null {
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return letter[1] ?? null;
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(code);
  if (digit) return code.startsWith('Numpad') ? `num${digit[1]}` : (digit[1] ?? null);
  if (/^F([1-9]|1[0-9]|2[0-4])$/.test(code)) return code;
  const named: Record<string, string> = {
    Space: 'Space',
    Tab: 'Tab',
    Backspace: 'Backspace',
    Delete: 'Delete',
    Insert: 'Insert',
    Enter: 'Return',
    ArrowUp: 'Up',
    ArrowDown: 'Down',
    ArrowLeft: 'Left',
    ArrowRight: 'Right',
    Home: 'Home',
    End: 'End',
    PageUp: 'PageUp',
    PageDown: 'PageDown',
  };
  if (named[code] !== undefined) return named[code];
  return key.length === 1 && PUNCTUATION.has(key) ? (key === '+' ? 'Plus' : key) : null;
}

/** The shortcut as the teacher reads it on this computer: "Ctrl+Shift+F9", "⌘⇧F9" on a Mac. */
export function shortcutLabel(accelerator: string, mac: boolean): string {
  const names: Record<string, string> = mac
    ? { CommandOrControl: '⌘', Command: '⌘', Control: '⌃', Alt: '⌥', Shift: '⇧', Super: '⌘' }
    : {
        CommandOrControl: 'Ctrl',
        Command: 'Win',
        Control: 'Ctrl',
        Alt: 'Alt',
        Shift: 'Shift',
        Super: 'Win',
      };
  const parts = accelerator.split('+').map((part) => names[part] ?? part);
  return parts.join(mac ? '' : '+');
}

/**
 * The same keys as an aria-keyshortcuts value (WAI-ARIA: "Control+Shift+F9", modifiers by their
 * KeyboardEvent names).
 */
export function ariaShortcut(accelerator: string, mac: boolean): string {
  const names: Record<string, string> = {
    CommandOrControl: mac ? 'Meta' : 'Control',
    Command: 'Meta',
    Super: 'Meta',
    Control: 'Control',
    Alt: 'Alt',
    AltGr: 'AltGraph',
    Shift: 'Shift',
    Return: 'Enter',
    Up: 'ArrowUp',
    Down: 'ArrowDown',
    Left: 'ArrowLeft',
    Right: 'ArrowRight',
    Space: 'Space',
    Plus: '+',
  };
  return accelerator
    .split('+')
    .map((part) => names[part] ?? part)
    .join('+');
}
