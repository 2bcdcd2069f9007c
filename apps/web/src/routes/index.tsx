import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page';

export const Route = createFileRoute('/')({
  // A student's tasks, or an assessor's matrix, start loading alongside the screen's code instead of
  // after it. Not awaited: a failure shows on the screen with a retry, not as a broken route.
  loader: ({ context }) => {
    if (context.user?.role === 'student') {
      void context.loadDataLayer().then(({ trpcUtils }) => trpcUtils.student.tasks.prefetch());
    }
    if (context.user?.role === 'assessor') {
      void context.loadDataLayer().then(({ trpcUtils }) => trpcUtils.reports.evidenceMatrix.prefetch());
    }
  },
  component: HomePage,
});
