/**
 * Saves a JSON text (or, with `type`, another text: a handover's) as a file through the window's
 * download: the preview's browser saves it, the tray app's window asks where (Electron's save
 * dialog for a download without a path).
 */
export function downloadJson(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
