/** Saves base64 bytes as a file, as a link with `download` does. */
export function downloadFile(base64: string, contentType: string, filename: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the blob once click() returns; a later revoke only frees memory.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
