// The calendar reader's thread from its TypeScript source (the preview, the timetable CLI, the
// tests): Node 20 does not apply `--import` loaders to a worker's entry, so this entry registers
// tsx in the thread, then loads the worker. The tray app runs the worker electron-vite built.
import { register } from 'tsx/esm/api';

register();
await import('./calendarWorker.ts');
