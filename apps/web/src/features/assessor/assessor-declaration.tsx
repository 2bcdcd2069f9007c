import { lazyDialog } from '../dialog/lazy-dialog';
import type { AssessorDeclarationModalProps } from './assessor-declaration-modal';

/** The assessor's declaration before the screen's first decision (assessor-declaration-modal.tsx). */
export const AssessorDeclaration = lazyDialog<AssessorDeclarationModalProps>(
  () => import('./assessor-declaration-modal').then((module) => module.AssessorDeclarationModal),
  (props) => props.opened,
);
