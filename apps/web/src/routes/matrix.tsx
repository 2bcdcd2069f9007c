import { createFileRoute } from '@tanstack/react-router';
import { EvidenceMatrixPage } from '../features/assessor/matrix/evidence-matrix-page';
import {
  type MatrixSearch,
  parseMatrixSearch,
  prefetchMatrix,
} from '../features/assessor/matrix/matrix-query';
import { requireArea } from '../features/auth/access';

export const Route = createFileRoute('/matrix')({
  validateSearch: (search: Record<string, unknown>): MatrixSearch => parseMatrixSearch(search),
  beforeLoad: ({ context }) => requireArea(context.user, 'staff'),
  // The matrix starts loading alongside the screen's code; a failure shows on the screen.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.loadDataLayer().then(({ trpcUtils }) => prefetchMatrix(trpcUtils, deps).catch(() => {}));
  },
  component: MatrixRoute,
});

function MatrixRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <EvidenceMatrixPage search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
  );
}
