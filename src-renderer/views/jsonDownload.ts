/**
 * Saves a JSON text as a file through the window's download: the preview's browser saves it, the
 * tray app's window asks where (Electron's save dialog for a download without a path).
 */
export function downloadJson(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
