// Saving a file the page made (a run's document, exported flows) through the browser's download.
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // revoked after the click has started the download
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
