import { type ConfirmRequest, requestConfirm } from './confirm-store';

/** A confirm dialog (focus-trapped, Escape cancels) in place of the browser's blocking `confirm()`. */
export function confirmAction(request: ConfirmRequest): void {
  requestConfirm(request);
}
