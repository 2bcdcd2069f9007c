import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '../features/auth/access';
import { LmsCoursesPage } from '../features/lti/lms-courses-page';

export const Route = createFileRoute('/lms-courses')({
  validateSearch: (search: Record<string, unknown>): { course?: string } =>
    typeof search.course === 'string' ? { course: search.course } : {},
  // Assessors, and admins as themselves (every course), as staff.lmsCourses allows.
  beforeLoad: ({ context }) => requireArea(context.user, 'staff'),
  component: function LmsCoursesRoute() {
    const { course } = Route.useSearch();
    return <LmsCoursesPage launchedFrom={course} />;
  },
});
