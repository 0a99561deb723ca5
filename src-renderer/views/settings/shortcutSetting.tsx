/**
 * Settings → General: the shortcut that opens and closes the window from any program. "Change"
 * listens for the next keys pressed (Esc keeps the old ones, Tab leaves), the keys are saved as
 * Electron writes them, and each step is announced. Below it, what the OS made of the keys
 * (another program holds them; this desktop lets no program take keys; a Wayland desktop was
 * asked and may not deliver them), from what the tray app
 * reports, and the window's own keys (keys.ts). Locked where the school set `OpenShortcut`.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { shortcutFromKeys, shortcutLabel } from '../../../src-shared/openShortcut';
import { useApi, useClassTray } from '../../store/context';
import { ActionError } from '../forms/actionError';
import { useAction } from '../forms/useAction';
import { keysLabel, onMac } from '../keys';
import { SetBySchoolNote, useSetBySchool } from './setBySchool';

export function ShortcutSetting() {
  const { t } = useTranslation();
  const api = useApi();
  const saved = useClassTray((data) => data.preferences.openShortcut);
  const taken = useClassTray((data) => data.installation.openShortcut);
  const locked = useSetBySchool()('OpenShortcut');
  const save = useAction((openShortcut: string) => api.updatePreferences({ openShortcut }));
  const [listening, setListening] = useState(false);
  const [said, setSaid] = useState('');
  const changeButton = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const promptId = useId();
  const mac = onMac();

  const stop = (sentence: string) => {
    setListening(false);
    setSaid(sentence);
    // The listening button goes: the focus goes back to Change.
    requestAnimationFrame(() => changeButton.current?.focus());
  };
  const capture = async (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Tab') return;
    event.preventDefault();
    // Esc here is the capture's, not the settings' (which close on it).
    event.stopPropagation();
    if (event.key === 'Escape') {
      stop(t('shortcut.unchanged'));
      return;
    }
    const keys = shortcutFromKeys(event, mac);
    if (keys === 'modifier') return;
    if (keys === 'alone') {
      setSaid(t('shortcut.needsModifier'));
      return;
    }
    const result = await save.run(keys.accelerator);
    stop(result.ok ? t('shortcut.saved', { keys: shortcutLabel(keys.accelerator, mac) }) : '');
  };
  const turnOff = async () => {
    if ((await save.run('')).ok) setSaid(t('shortcut.turnedOff'));
  };

  const keys = shortcutLabel(saved, mac);
  const refusal =
    taken === undefined || taken.accelerator !== saved
      ? null
      : {
          registered: null,
          taken: t('shortcut.taken', { keys }),
          unsupported: t('shortcut.unsupported'),
          // Wayland: asked of the desktop, which may never deliver the keys.
          unconfirmed: t('shortcut.unconfirmed', { keys }),
        }[taken.status];

  return (
    <div className="field shortcut-setting" role="group" aria-labelledby={labelId}>
      <span id={labelId}>
        {t('shortcut.label')}
        <SetBySchoolNote shown={locked} />
      </span>
      <p className="hint">{t('shortcut.hint')}</p>
      <div className="shortcut-row">
        <kbd className="shortcut-keys">
          {saved === '' ? t('shortcut.off') : shortcutLabel(saved, mac)}
        </kbd>
        {listening ? (
          <button
            type="button"
            className="button small listening"
            aria-describedby={promptId}
            // Focused as it appears: the next keys pressed are the new shortcut.
            autoFocus
            onKeyDown={(event) => void capture(event)}
            onBlur={() => setListening(false)}
          >
            {t('shortcut.change')}…
          </button>
        ) : (
          <button
            ref={changeButton}
            type="button"
            className="button small"
            disabled={locked}
            onClick={() => {
              setSaid(t('shortcut.listening'));
              setListening(true);
            }}
          >
            {t('shortcut.change')}
          </button>
        )}
        {saved !== '' && !listening && (
          <button
            type="button"
            className="button small"
            disabled={locked}
            onClick={() => void turnOff()}
          >
            {t('shortcut.turnOff')}
          </button>
        )}
      </div>
      {listening && (
        <p id={promptId} className="hint">
          {t('shortcut.listening')}
        </p>
      )}
      {refusal !== null && <p className="field-problem">{refusal}</p>}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <ActionError error={save.error} />
      <p className="hint">
        {t('shortcut.inWindow', {
          search: keysLabel('search', mac),
          endAll: keysLabel('endAll', mac),
          classroom: keysLabel('classroom', mac),
        })}
      </p>
    </div>
  );
}
