import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '../features/auth/access';
import { LmsCoursesPage } from '../features/lti/lms-courses-page';

export const Route = createFileRoute('/lms-courses')({
  validateSearch: (search: Record<string, unknown>): { course?: string } =>
    typeof search.course === 'string' ? { course: search.course } : {},
  beforeLoad: ({ context }) => requireArea(context.user, 'assessor'),
  component: function LmsCoursesRoute() {
    const { course } = Route.useSearch();
    return <LmsCoursesPage launchedFrom={course} />;
  },
});
