const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

/**
 * Spec section 2: the mapping document opens in a new window as text, titled with the unit code.
 * Returns false when the browser blocked the window. The document is markdown written partly by an
 * AI from register text, so every character is escaped before it reaches the new page.
 */
export function openMappingDocument(unitCode: string, mappingDocument: string): boolean {
  const view = window.open('', '_blank');
  if (!view) return false;
  writeMappingDocument(view, unitCode, mappingDocument);
  return true;
}

/**
 * For a document that must be fetched first (a unit's coverage): the window opens in the click, or a
 * browser blocks it, and the text is written once it arrives. Null when the window was blocked.
 */
export function openMappingWindowFor(unitCode: string, text: Promise<string>): Promise<boolean> | null {
  const view = window.open('', '_blank');
  if (!view) return null;
  view.opener = null;
  return text.then(
    (mappingDocument) => {
      writeMappingDocument(view, unitCode, mappingDocument);
      return true;
    },
    () => {
      view.close();
      return false;
    },
  );
}

function writeMappingDocument(view: Window, unitCode: string, mappingDocument: string) {
  view.document.write(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(unitCode)}</title></head>` +
      `<body style="margin:0;padding:16px;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace">` +
      `<pre style="margin:0;white-space:pre-wrap;word-break:break-word">${escapeHtml(mappingDocument)}</pre>` +
      `</body></html>`,
  );
  view.document.close();
  // The new page has no business reaching back into the app.
  view.opener = null;
}
