import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page';

export const Route = createFileRoute('/')({
  // A student's tasks start loading alongside the dashboard's code instead of after it. Not awaited:
  // a failure shows on the dashboard with a retry, not as a broken route.
  loader: ({ context }) => {
    if (context.user?.role === 'student') {
      void context.loadDataLayer().then(({ trpcUtils }) => trpcUtils.student.tasks.prefetch());
    }
  },
  component: HomePage,
});
