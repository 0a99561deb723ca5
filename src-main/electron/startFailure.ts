/**
 * The body of the "could not start" dialog. Where ClassTray knows the case (its data folder is in
 * use, cannot be written, or is not private; its log folder is not private) it says so in the teacher's language, with the English sentence below
 * as the details for IT; other failures are sentences written for whoever started ClassTray (a bad
 * --data-dir, a settings file), shown as they are.
 */
import { ApiInputError } from '../core/api/apiInput';
import { DataDirArgumentError } from '../core/settings/dataDir';
import { SOURCE_LOCALE, type Locale } from '../../src-shared/i18n/languages';
import { WriterLockError } from '../dataFolder/writerLock';
import { PrivateFolderError } from '../dataFolder/privateFolder';
import type { Labels } from './mainSentences';

export function startFailureText(
  error: unknown,
  { locale, text, dataDir }: { locale: Locale; text: Labels; dataDir: string },
): string {
  if (error instanceof PrivateFolderError) {
    const { folder, above } = error;
    const lead =
      above === undefined
        ? error.kind === 'data'
          ? text.dataFolderNotPrivate(folder)
          : text.logFolderNotPrivate(folder)
        : error.kind === 'data'
          ? text.dataFolderAboveOpen(folder, above)
          : text.logFolderAboveOpen(folder, above);
    return locale === SOURCE_LOCALE ? error.message : `${lead}\n\n${error.message}`;
  }
  if (error instanceof WriterLockError) {
    const lead =
      error.reason === 'held'
        ? text.dataFolderInUse(dataDir)
        : error.reason === 'folder'
          ? text.dataFolderUnwritable(dataDir)
          : undefined;
    // In English the sentence itself says it all, with the details.
    return lead === undefined || locale === SOURCE_LOCALE
      ? error.message
      : `${lead}\n\n${error.message}`;
  }
  return error instanceof ApiInputError || error instanceof DataDirArgumentError
    ? error.message
    : String(error);
}
