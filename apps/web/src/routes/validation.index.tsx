import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '../features/auth/access';
import { MyValidationRoundsPage } from '../features/validation/my-validation-rounds-page';

export const Route = createFileRoute('/validation/')({
  beforeLoad: ({ context }) => requireArea(context.user, 'validation'),
  component: MyValidationRoundsPage,
});
