import { createFileRoute } from '@tanstack/react-router';
import { ClassDetailPage } from '../../../features/admin/classes/class-detail-page';

export const Route = createFileRoute('/admin/classes/$id')({
  loader: ({ context, params }) => {
    // Started here rather than awaited: the screen shows its own loading state.
    void context
      .loadDataLayer()
      .then(({ trpcUtils }) => trpcUtils.admin.classes.get.prefetch({ id: params.id }));
  },
  component: ClassDetailRoute,
});

function ClassDetailRoute() {
  const { id } = Route.useParams();
  return <ClassDetailPage key={id} classId={id} />;
}
