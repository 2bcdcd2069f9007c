/**
 * `inline; filename="fallback"; filename*=UTF-8''...` (RFC 6266): the quoted ASCII fallback for old
 * clients, the RFC 5987 form for everyone else, so names like `Médaille – week 1.pdf` survive.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
