import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../trpc';

/**
 * Signs in, refreshes the current user and goes to /dashboard (spec section 2). Failures are left to
 * the caller, which knows which toast to show.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const login = trpc.auth.login.useMutation();

  async function signIn(credentials: { email: string; password: string }) {
    await login.mutateAsync(credentials);
    await utils.auth.user.refetch();
    await navigate({ to: '/dashboard' });
  }

  return { signIn, isSigningIn: login.isPending };
}
