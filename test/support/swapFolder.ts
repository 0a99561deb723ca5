/**
 * Another user swapping a folder (issue 55): renames `folder` to `<folder>.moved`, makes a folder
 * of their own, open to all, at its name, prints "swapped", then waits until it is killed.
 * Usage: swapFolder.ts <folder>
 */
import fs from 'node:fs';

const folder = process.argv[2] ?? '';
fs.renameSync(folder, `${folder}.moved`);
fs.mkdirSync(folder);
fs.chmodSync(folder, 0o777);
process.stdout.write('swapped\n');
setInterval(() => undefined, 60_000);
