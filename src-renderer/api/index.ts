import type { RendererApi } from './types';
import { electronBridge } from './electronBridge';
import { createPreviewClient } from './previewClient';

export type Host = 'electron' | 'preview';

/** Inside Electron the preload bridge is there; in a browser, the preview host's HTTP API. */
export function connectToHost(): { api: RendererApi; host: Host } {
  const bridge = electronBridge();
  return bridge
    ? { api: bridge, host: 'electron' }
    : { api: createPreviewClient(), host: 'preview' };
}
