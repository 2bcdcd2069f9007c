import { lazyDialog } from '../dialog/lazy-dialog';
import type { DeclarationModalProps } from './declaration-modal';

/** The declaration before an upload (declaration-modal.tsx): one per task card, most never opened. */
export const DeclarationDialog = lazyDialog<DeclarationModalProps>(
  () => import('./declaration-modal').then((module) => module.DeclarationModal),
  (props) => props.opened,
);
