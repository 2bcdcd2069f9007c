import { lazyDialog } from '../dialog/lazy-dialog';

/** The task whose evidence is shown: what it asks for decides the capture actions offered. */
export type ViewedTask = { id: string; title: string; evidenceTypes: readonly string[] };

export type EvidenceViewerProps = { task: ViewedTask | null; userId: string; onClose: () => void };

/** View Evidence (evidence-modal.tsx), open while a task is given. */
export const EvidenceViewer = lazyDialog<EvidenceViewerProps>(
  () => import('./evidence-modal').then((module) => module.EvidenceModal),
  (props) => props.task !== null,
);
