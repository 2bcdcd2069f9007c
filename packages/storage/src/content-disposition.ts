import { downloadFileName } from '@evident/core/download-name';

/**
 * `inline; filename="fallback"; filename*=UTF-8''...` (RFC 6266): the quoted ASCII fallback for old
 * clients, the RFC 5987 form for everyone else, so names like `Médaille – week 1.pdf` survive. The
 * name ends in the extension of `contentType`, the type the bytes were checked as: a JPEG uploaded
 * as `evidence.html` is saved as `evidence.html.jpg`, never as a page a browser would open.
 */
export function contentDisposition(
  disposition: 'inline' | 'attachment',
  fileName: string,
  contentType: string,
): string {
  const name = downloadFileName(fileName, contentType);
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
