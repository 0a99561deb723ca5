/**
 * Whether Windows draws its taskbar light: "Windows mode" in Settings › Personalization ›
 * Colors, which may differ from the apps' mode that Electron's nativeTheme reports (Windows 10
 * starts with a dark taskbar and light apps). Read from the registry with reg.exe in a child
 * process bounded in time; null when it cannot be read (the value is absent before Windows 10
 * 1903: the taskbar is dark there), and the caller falls back to nativeTheme.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const KEY = 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize';
const TIMEOUT_MS = 2000;

export type RunReg = (args: readonly string[]) => Promise<string>;

const reg: RunReg = async (args) =>
  (
    await promisify(execFile)('reg', [...args], {
      timeout: TIMEOUT_MS,
      killSignal: 'SIGKILL',
      windowsHide: true,
    })
  ).stdout;

export async function windowsTaskbarLight(run: RunReg = reg): Promise<boolean | null> {
  try {
    const answer = await run(['query', KEY, '/v', 'SystemUsesLightTheme']);
    // "    SystemUsesLightTheme    REG_DWORD    0x1"
    const value = /SystemUsesLightTheme\s+REG_DWORD\s+0x([0-9a-f]+)/i.exec(answer)?.[1];
    return value === undefined ? null : parseInt(value, 16) !== 0;
  } catch {
    return null;
  }
}
