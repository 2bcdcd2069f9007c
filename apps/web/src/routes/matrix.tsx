import { createFileRoute } from '@tanstack/react-router';
import { EvidenceMatrixPage } from '../features/assessor/matrix/evidence-matrix-page';
import { requireArea } from '../features/auth/access';

export const Route = createFileRoute('/matrix')({
  beforeLoad: ({ context }) => requireArea(context.user, 'assessor'),
  // The matrix starts loading alongside the screen's code; a failure shows on the screen.
  loader: ({ context }) => {
    void context.loadDataLayer().then(({ trpcUtils }) => trpcUtils.reports.evidenceMatrix.prefetch());
  },
  component: EvidenceMatrixPage,
});
