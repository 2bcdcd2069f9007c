import { createFileRoute } from '@tanstack/react-router';
import { CoveragePage } from '../../../../features/admin/unit-coverage/coverage-page';

export const Route = createFileRoute('/admin/units/$id/coverage')({
  loader: ({ context, params }) => {
    // Started here rather than awaited: the screen shows its own loading state.
    void context
      .loadDataLayer()
      .then(({ trpcUtils }) => trpcUtils.admin.coverage.get.prefetch({ id: params.id }));
  },
  component: CoverageRoute,
});

function CoverageRoute() {
  const { id } = Route.useParams();
  return <CoveragePage key={id} unitId={id} />;
}
