/** Saves text or a response body as a file with the given name (an anchor with `download`). */
export function saveFile(body: Blob | string, fileName: string, type = "text/csv;charset=utf-8"): void {
  const blob = typeof body === "string" ? new Blob([body], { type }) : body;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
