/**
 * The unit-renderer project's setup, before each file: its files share the modules they import
 * (no isolation: the renderer files took 80 s alone isolated, 40 s shared), so what a page load
 * would start afresh is started here. Each file has a happy-dom window of its own.
 */
import { afterEach } from 'vitest';
import { clearAccessDraft } from '../../src-renderer/store/accessDraft';

// happy-dom lays nothing out: give the device list's scroll box a window's height so the
// virtualizer has room for rows. On this file's window's HTMLElement, not once per worker.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get: () => 600,
});

// The window's one module-level store: a row's "Add access" left asked by an earlier test would
// open the next window's access form.
afterEach(() => clearAccessDraft());
