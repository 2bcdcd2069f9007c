import { type ReactNode, useRef, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import type { QueuedDeclaration } from '../capture/capture-db';
import { DeclarationDialog } from './declaration-dialog';

type Pending = { confirmLabel: string; then: () => void };

/**
 * Issue 29: every way of adding evidence goes through the declaration first. `ask` opens it; the
 * confirm runs the action (a file picker, the recorder) in the same tap, and `take` hands the
 * declaration made to the file that action produces, once: the next file asks again.
 */
export function useDeclarationStep(taskTitle: string): {
  ask: (confirmLabel: string, then: () => void) => void;
  take: () => QueuedDeclaration | undefined;
  dialog: ReactNode;
} {
  // Kept for offline use (persisted-cache.ts); the wording changes rarely.
  const wording = trpc.student.declarations.get.useQuery(undefined, { staleTime: 10 * 60_000 }).data;
  const [pending, setPending] = useState<Pending | null>(null);
  const made = useRef<QueuedDeclaration | undefined>(undefined);

  const dialog = (
    <DeclarationDialog
      opened={pending !== null}
      taskTitle={taskTitle}
      wording={wording}
      confirmLabel={pending?.confirmLabel ?? 'Continue'}
      onClose={() => setPending(null)}
      onConfirm={(declaration) => {
        made.current = declaration;
        const then = pending?.then;
        setPending(null);
        then?.();
      }}
    />
  );
  return {
    ask: (confirmLabel, then) => setPending({ confirmLabel, then }),
    take: () => {
      const declaration = made.current;
      made.current = undefined;
      return declaration;
    },
    dialog,
  };
}
