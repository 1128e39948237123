/** Saves text made in the browser as a file (nothing is sent anywhere). */
export function downloadTextFile(fileName: string, text: string, type = 'text/plain'): void {
  downloadBlob(fileName, new Blob([text], { type: `${type};charset=utf-8` }));
}

/** Saves bytes made in the browser (text already encoded) as a file; `type` names the encoding. */
export function downloadBytes(fileName: string, bytes: Uint8Array, type: string): void {
  downloadBlob(fileName, new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
}

function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the event loop moves on.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
