/**
 * Opens the settings in a data folder and saves one change, as a separate process (so a test can
 * run it as another user): `node --import tsx settingsOnce.ts <folder>`. Prints what happened,
 * one line per step: "opened" / "saved", or the error's class and message.
 */
import { silentLogger } from '../../src-main/core/logger';
import { openSettings } from '../../src-main/core/settings/settings';

const report = (error: unknown): void => {
  console.log(
    error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error),
  );
};

try {
  const settings = openSettings({ dataDir: process.argv[2] ?? '', log: silentLogger });
  console.log('opened');
  try {
    settings.update({ language: 'en' });
    console.log('saved');
  } catch (error) {
    report(error);
  }
} catch (error) {
  report(error);
}
