import { createFileRoute } from '@tanstack/react-router';
import { UnitTasksPage } from '../../../../features/admin/tasks/unit-tasks-page';

export const Route = createFileRoute('/admin/units/$id/tasks')({
  loader: ({ context, params }) => {
    // Started here rather than awaited: the screen shows its own loading state.
    void context
      .loadDataLayer()
      .then(({ trpcUtils }) => trpcUtils.admin.tasks.list.prefetch({ unitId: params.id }));
  },
  component: UnitTasksRoute,
});

function UnitTasksRoute() {
  const { id } = Route.useParams();
  // Keyed by unit so moving between units starts with a fresh form and focus state.
  return <UnitTasksPage key={id} unitId={id} />;
}
