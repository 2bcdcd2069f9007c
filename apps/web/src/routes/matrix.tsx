import { createFileRoute } from '@tanstack/react-router';
import { EvidenceMatrixPage } from '../features/assessor/matrix/evidence-matrix-page';
import { requireArea } from '../features/auth/access';

export const Route = createFileRoute('/matrix')({
  beforeLoad: ({ context }) => requireArea(context.user, 'assessor'),
  component: EvidenceMatrixPage,
});
