import type { MouseEvent } from 'react';
import { toastError } from '../toast/toast';
import { tabSessionHeaders, tabSessionToken } from './tab-session';

/**
 * A report link (PDF, CSV) for a tab signed in inside an LMS frame (tab-session.ts). A plain link
 * cannot send the tab's header and the frame has no cookie of ours, so the server would answer it
 * signed out. In such a tab the click fetches the file with the header and saves what came back;
 * everywhere else the link is left to the browser as it is. Evidence files need none of this: their
 * URLs are signed and short-lived (packages/storage), so images and media show in the frame as they are.
 */
export function downloadInTabSession(event: MouseEvent<HTMLAnchorElement>): void {
  const href = event.currentTarget.href;
  if (!href || event.defaultPrevented || !tabSessionToken()) return;
  event.preventDefault();
  void saveFrom(href);
}

async function saveFrom(href: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(href, { headers: tabSessionHeaders() });
  } catch {
    return toastError('Download failed', 'Please check your connection and try again');
  }
  if (!response.ok) {
    // The server's refusal is its message as text (spec section 7).
    const message = (await response.text().catch(() => '')).trim();
    return toastError(
      'Download failed',
      message.length > 0 && message.length < 300 ? message : 'Please try again',
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition')) ?? lastSegment(href);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after the click returns; a minute is long past that, even for a big file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `attachment; filename="x.csv"; filename*=UTF-8''x.csv`: the UTF-8 name when there is one. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = disposition.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Not valid percent-encoding: the plain name below, if any.
    }
  }
  return (
    disposition.match(/filename="([^"]*)"/i)?.[1] ??
    disposition.match(/filename=([^;]+)/i)?.[1]?.trim() ??
    null
  );
}

function lastSegment(href: string): string {
  return decodeURIComponent(new URL(href).pathname.split('/').pop() || 'download');
}
