/** The confirm dialog asked for (confirm.ts), until the person answers it; one at a time, as they come. */
export type ConfirmRequest = {
  /** The dialog's heading, short: 'Delete unit'. */
  title: string;
  /** The question itself, verbatim from the spec. */
  message: string;
  /** An optional second line with consequences the question does not spell out. */
  detail?: string;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
};

type Pending = ConfirmRequest & { key: number };

let queue: Pending[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function requestConfirm(request: ConfirmRequest): void {
  queue = [...queue, { ...request, key: nextKey++ }];
  changed();
}

/** The request on screen is answered (or dismissed): the next one, if any, takes its place. */
export function settleConfirm(key: number): void {
  queue = queue.filter((pending) => pending.key !== key);
  changed();
}

export function subscribeConfirms(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentConfirm(): Pending | undefined {
  return queue[0];
}
