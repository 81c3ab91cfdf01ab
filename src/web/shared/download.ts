/** Saves JSON as a file through the browser's download (a Blob link: nothing leaves the machine). */
export function downloadJson(fileName: string, data: unknown): void {
  downloadText(fileName, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
}

/** Saves text as a file through the browser's download (`type`: its media type). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the click; the URL can go once the event loop has moved on.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file the GM picked, read as JSON: the value, or a sentence saying why it is not JSON. */
export async function readJsonFile(file: File): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, message: `“${file.name}” could not be read.` };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: `“${file.name}” is not a Turnkeeper file: it is not JSON.` };
  }
}
