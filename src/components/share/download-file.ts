/** Saves bytes as a file, as a link with `download` does. */
export function downloadFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the blob once click() returns; a later revoke only frees memory.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
