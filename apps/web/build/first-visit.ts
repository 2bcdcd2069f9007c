import type { Plugin } from 'vite';
import { checkMantineStyles } from './check-mantine-styles';
import { compressAssets } from './compress-assets';
import { prerenderPages } from './prerender';

/** Issue 20's build steps: the Mantine styles check, the prerendered pages, then brotli and gzip copies. */
export function firstVisitPlugins(): Plugin[] {
  return [checkMantineStyles(), prerenderPages(), compressAssets()];
}
