import { createFileRoute } from '@tanstack/react-router';
import { GradingPage } from '../features/assessor/grading-page';
import { requireArea } from '../features/auth/access';

export const Route = createFileRoute('/grading')({
  beforeLoad: ({ context }) => requireArea(context.user, 'staff'),
  component: GradingPage,
});
