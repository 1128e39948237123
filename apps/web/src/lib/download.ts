/** Saves text made in the browser as a file (nothing is sent anywhere). */
export function downloadTextFile(fileName: string, text: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
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
