import { createFileRoute, redirect } from '@tanstack/react-router';
import { prefetchMatrix } from '../features/assessor/matrix/matrix-query';
import { HomePage } from '../features/home/home-page';
import { rememberUnit } from '../features/student/chosen-unit';
import { taskAnchor } from '../features/student/task-anchor';

export const Route = createFileRoute('/')({
  // An LMS launch lands on `/?unit=<id>`: the student's dashboard opens on the course link's unit.
  // A graded mail's link adds `&task=<id>`: the dashboard then scrolls to that task's card.
  validateSearch: (search: Record<string, unknown>): { unit?: string; task?: string } => ({
    ...(typeof search.unit === 'string' ? { unit: search.unit } : {}),
    ...(typeof search.task === 'string' ? { task: search.task } : {}),
  }),
  beforeLoad: ({ context, search }) => {
    if (!search.unit) return;
    if (context.user?.role === 'student') rememberUnit(context.user.id, search.unit);
    throw redirect({
      to: '/',
      search: {},
      hash: search.task ? taskAnchor(search.task) : undefined,
      replace: true,
    });
  },
  // A student's tasks, or an assessor's matrix, start loading alongside the screen's code instead of
  // after it. Not awaited: a failure shows on the screen with a retry, not as a broken route.
  loader: ({ context }) => {
    if (context.user?.role === 'student') {
      void context.loadDataLayer().then(({ trpcUtils }) => trpcUtils.student.tasks.list.prefetch());
    }
    if (context.user?.role === 'assessor') {
      void context.loadDataLayer().then(({ trpcUtils }) => prefetchMatrix(trpcUtils).catch(() => {}));
    }
  },
  component: HomePage,
});
