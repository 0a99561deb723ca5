/**
 * vitest's global setup: the renderer is built before any test file starts, once. The preview
 * builds it when missing or stale, and two test files starting it at once on two workers would
 * otherwise build into the same out/renderer at the same moment.
 */
import { ensureRendererBuilt } from '../../src-main/preview/rendererBuild';

export default async function setup(): Promise<void> {
  await ensureRendererBuilt((line) => console.log(line));
}
