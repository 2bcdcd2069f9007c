import { useEffect } from 'react';

export const PRODUCT_NAME = 'Evident';

/**
 * The browser tab's title for a screen, 'Units · Evident': what a person sees in their tabs and
 * history, and what a screen reader reads first after moving between screens. Null for the product
 * name alone (the landing page).
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
