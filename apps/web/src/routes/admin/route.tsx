import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '../../features/auth/access';

/** Guards every /admin/... route at once; with no component of its own it renders its child. */
export const Route = createFileRoute('/admin')({
  beforeLoad: ({ context }) => requireArea(context.user, 'admin'),
});
