/**
 * Electron's preload exposes the core API as `window.classTray`; the renderer only reads it.
 */
import type { RendererApi } from './types';

declare global {
  interface Window {
    classTray?: RendererApi;
  }
}

export function electronBridge(): RendererApi | undefined {
  return window.classTray;
}
