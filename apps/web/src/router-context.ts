import type { DataLayer } from './data-layer';

/** What every route's beforeLoad and loader receive (see router.tsx). */
export type RouterContext = {
  /** tRPC for loaders; it loads on first use (see data-layer.ts). */
  loadDataLayer: () => Promise<DataLayer>;
};
