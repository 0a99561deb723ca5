/**
 * How a browser signs in to the preview without the key ever being on a command line, in a URL or
 * in the terminal: the preview writes a launch page into its private data folder (0700, the file
 * 0600), and the browser is pointed at that file, whose path is no secret. The page posts the key
 * to the preview as a form (a top-level navigation, so the SameSite=Strict cookie it gets back is
 * kept), and the preview exchanges it for the session cookie. Each key is good once: once used, the
 * file is rewritten with a new one, so the same file signs in the next browser (or the same one
 * after it was closed), while a page resubmitted from the history, or left by an earlier start,
 * is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { replaceFileNoFollowSync } from '../dataFolder/privateFolder';
import { newPreviewKey, sameSecret } from './whoMayConnect';

const LAUNCH_PAGE_NAME = 'preview-launch.html';

/** Where the launch page posts the key. */
export const LAUNCH_ROUTE = '/launch';

/** What the server needs of the launch page. */
export interface LaunchKeys {
  /** True once for each key the file held, which is then replaced. Constant time. */
  redeem(presented: string): boolean;
  /** The file as an address for a browser's address bar (spaces and all escaped). */
  readonly fileUrl: string;
}

export class LaunchPage implements LaunchKeys {
  private readonly file: string;
  readonly fileUrl: string;
  /** Where the page posts; none until the preview listens. */
  private url: string | undefined;
  private key = '';

  constructor(dataDir: string) {
    this.file = path.join(dataDir, LAUNCH_PAGE_NAME);
    this.fileUrl = pathToFileURL(this.file).href;
  }

  /** Writes the first key, once the preview listens on `url`. */
  write(url: string): void {
    this.url = url;
    this.renew(url);
  }

  redeem(presented: string): boolean {
    if (this.url === undefined || !sameSecret(presented, this.key)) return false;
    this.renew(this.url);
    return true;
  }

  /** The preview stops: its keys with it. */
  remove(): void {
    fs.rmSync(this.file, { force: true });
  }

  private renew(url: string): void {
    this.key = newPreviewKey();
    // As every file of the data folder: written aside and renamed over (a browser reading the
    // file never sees half of it), created 0600 (never an earlier file's wider mode), never
    // through a link, and only into the folder that was checked.
    replaceFileNoFollowSync(this.file, launchHtml(url, this.key));
  }
}

/** Submits itself; the button is there for a browser with scripts off. */
function launchHtml(url: string, key: string): string {
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>ClassTray preview</title>
<form method="post" action="${url}${LAUNCH_ROUTE}">
<input type="hidden" name="key" value="${key}">
<p>Opening ClassTray at ${url}… If the browser cannot connect, the preview has stopped: start it again, then open this file again.</p>
<button type="submit">Open ClassTray</button>
</form>
<script>document.forms[0].submit();</script>
</html>
`;
}
