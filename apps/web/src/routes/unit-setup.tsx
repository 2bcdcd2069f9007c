import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '../features/auth/access';
import { UnitSetupPage } from '../features/student/unit-setup-page';

export const Route = createFileRoute('/unit-setup')({
  beforeLoad: ({ context }) => requireArea(context.user, 'student'),
  component: UnitSetupPage,
});
