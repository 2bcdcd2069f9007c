import { createFileRoute, redirect } from '@tanstack/react-router';

/** Log-in lands here (spec section 2); the role's home lives at /. */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
