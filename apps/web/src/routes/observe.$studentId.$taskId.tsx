import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '../features/auth/access';
import { ObservationPage } from '../features/observation/observation-page';

/** An assessor's observation checklist for one student's task (issue 29 §5). */
export const Route = createFileRoute('/observe/$studentId/$taskId')({
  beforeLoad: ({ context }) => requireArea(context.user, 'assessor'),
  loader: ({ context, params }) => {
    // Started here rather than awaited: the screen shows its own loading state.
    void context
      .loadDataLayer()
      .then(({ trpcUtils }) => trpcUtils.assessor.observations.getChecklist.prefetch(params).catch(() => {}));
  },
  component: ObservationRoute,
});

function ObservationRoute() {
  const { studentId, taskId } = Route.useParams();
  return <ObservationPage studentId={studentId} taskId={taskId} />;
}
