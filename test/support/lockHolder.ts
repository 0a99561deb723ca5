/**
 * A process holding a ClassTray data folder as a host would: `node --import tsx lockHolder.ts
 * <folder> <holder>`. Prints "holding" once it holds the lock; SIGTERM releases it and exits.
 */
import { takeDataFolderLock } from '../../src-main/dataFolder/writerLock';

const [folder = '', holder = 'a test'] = process.argv.slice(2);
takeDataFolderLock(folder, holder);
process.once('SIGTERM', () => process.exit(0));
console.log('holding');
// Keeps the process alive until a signal stops it.
setInterval(() => undefined, 60_000);
