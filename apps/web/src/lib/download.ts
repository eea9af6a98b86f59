/** Saves a Blob as a file through a temporary object URL (the browser's own download, no new tab). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: Chromium and Safari start the download from the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
