// @vitest-environment happy-dom
/**
 * The window when ClassTray cannot start (main.tsx's failure path): one sentence in the system's
 * language, and the page's language and direction those of the words shown, English included
 * when the system's language cannot be loaded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src-renderer/api', () => ({
  connectToHost: () => ({ api: {}, host: 'preview' }),
}));
vi.mock('../../src-renderer/store/classTrayStore', () => ({
  connectStore: () => Promise.reject(new Error('The preview host answered 401.')),
}));
// Arabic's chunk fails to load, as a chunk missing from a broken install would.
vi.mock(import('../../src-renderer/i18n/chunks'), async (importOriginal) => {
  const real = await importOriginal();
  const failed = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
  return { LANGUAGE_CHUNKS: { ...real.LANGUAGE_CHUNKS, ar: failed } };
});

async function startIn(language: string): Promise<HTMLElement> {
  Object.defineProperty(navigator, 'language', { configurable: true, value: language });
  document.body.innerHTML = '<div id="root"></div>';
  vi.resetModules();
  await import('../../src-renderer/main');
  return vi.waitFor(() => {
    const shown = document.querySelector<HTMLElement>('.start-failed');
    if (!shown) throw new Error('The start failure is not shown yet.');
    return shown;
  });
}

describe('a window that could not start', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.documentElement.lang = 'en';
    document.documentElement.dir = '';
  });

  it("says so in the system's language, and the page is in that language", async () => {
    const shown = await startIn('es-ES');
    expect(shown.textContent).toBe(
      'ClassTray no pudo iniciarse: \u2068The preview host answered 401.\u2069',
    );
    expect(shown.querySelector('h1')).not.toBeNull();
    expect(shown.tagName).toBe('MAIN');
    expect(document.documentElement.lang).toBe('es');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('says so in English, left to right, when the right-to-left language cannot be loaded', async () => {
    const shown = await startIn('ar-EG');
    expect(shown.textContent).toMatch(/^ClassTray could not start: /);
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(console.error).toHaveBeenCalled();
  });
});
