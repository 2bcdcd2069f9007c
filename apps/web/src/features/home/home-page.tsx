import type { CurrentUser } from '@evident/core/user';
import { lazyRouteComponent } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { LoadingSplash } from '../shell/loading-splash';
import { useDocumentTitle } from '../widgets/document-title';

// Each home loads on demand: a visitor downloads the landing page only, a student only the dashboard.
const LandingPage = lazyRouteComponent(() => import('../landing/landing-page'), 'LandingPage');
const StudentHome = lazyRouteComponent(() => import('../student/student-home'), 'StudentHome');
const EvidenceMatrixPage = lazyRouteComponent(
  () => import('../assessor/matrix/evidence-matrix-page'),
  'EvidenceMatrixPage',
);
const AdminDashboard = lazyRouteComponent(() => import('../admin/admin-dashboard'), 'AdminDashboard');
const ValidatorHome = lazyRouteComponent(
  () => import('../validation/my-validation-rounds-page'),
  'MyValidationRoundsPage',
);

/** What `/` shows each visitor; main.tsx preloads the one needed before the app's first render. */
export const homeScreens = {
  visitor: LandingPage,
  student: StudentHome,
  assessor: EvidenceMatrixPage,
  rto_admin: AdminDashboard,
  validator: ValidatorHome,
};

/** `/`: the landing page when signed out, otherwise the home of the role the user is acting as. */
export function HomePage() {
  const user = useCurrentUser();
  useDocumentTitle(user ? homeTitles[user.role] : null);
  return (
    <Suspense fallback={<LoadingSplash />}>{user ? <RoleHome user={user} /> : <LandingPage />}</Suspense>
  );
}

// What each role's navigation calls the screen `/` shows them.
const homeTitles = {
  rto_admin: 'Dashboard',
  assessor: 'Evidence Matrix',
  student: 'Dashboard',
  validator: 'Validation',
} as const;

function RoleHome({ user }: { user: CurrentUser }) {
  // An impersonating admin acts as the other person, whose role is never rto_admin.
  switch (user.role) {
    case 'rto_admin':
      return <AdminDashboard />;
    case 'assessor':
      return <EvidenceMatrixPage />;
    case 'student':
      return <StudentHome />;
    case 'validator':
      return <ValidatorHome />;
  }
}
