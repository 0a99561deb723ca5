/**
 * The last resort of the main process, for an error no code of ClassTray's handled:
 *
 * - A promise rejected with no handler: logged with its stack, and ClassTray goes on. A rejection
 *   interrupts nothing synchronous (its code had already returned), so the tray, the core's
 *   timers and the window are as consistent as after any failed await.
 * - An exception nothing caught: logged with its stack, said in a dialog, then ClassTray quits
 *   (the quit guard still clears a copied password and frees the data folder, within 3 s). The
 *   throw left some synchronous code half done at a point nobody can know, which Node.js says is
 *   not safe to resume: a tray that goes on could show or save a state that is no longer true.
 */
import type { Logger } from '../core/logger';

export interface LastResortOptions {
  process: Pick<NodeJS.Process, 'on'>;
  log: Logger;
  /** Says that ClassTray stops, and why, in a dialog; then quits. */
  quitWithDialog: (error: unknown) => void;
}

export function installLastResort({ process, log, quitWithDialog }: LastResortOptions): void {
  let quitting = false;
  process.on('unhandledRejection', (reason) => {
    log.error('A failure nothing handled (ClassTray goes on)', reason);
  });
  process.on('uncaughtException', (error, origin) => {
    log.error(`An error nothing caught (${origin}): ClassTray quits`, error);
    // A second one while the dialog or the quit runs is logged only.
    if (quitting) return;
    quitting = true;
    quitWithDialog(error);
  });
}
