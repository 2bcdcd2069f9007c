import { trpc } from '../../../data-layer/trpc-client';
import type { AdminClass } from '../admin-types';

/** Every change answers with the class as it now is: put it in the cache and refresh the list. */
export function useClassSaved() {
  const utils = trpc.useUtils();
  return async (saved: AdminClass) => {
    utils.admin.classes.get.setData({ id: saved.id }, saved);
    await utils.admin.classes.list.invalidate();
  };
}
