import type { CurrentUser } from '@evident/core/user';
import type { DataLayer } from './data-layer';

/** What every route's beforeLoad and loader receive (see router.tsx). */
export type RouterContext = {
  /** Who is signed in, for the root route's beforeLoad: the browser asks the server (data-layer.ts). */
  currentUser: () => Promise<CurrentUser | null>;
  /** tRPC for loaders; it loads on first use (see data-layer.ts). */
  loadDataLayer: () => Promise<DataLayer>;
};
