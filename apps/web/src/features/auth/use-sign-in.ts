import { useNavigate } from '@tanstack/react-router';
import { trpc } from '../../data-layer/trpc-client';
import { takeReturnTo } from './return-to';

/**
 * Signs in, refreshes the current user and goes to /dashboard (spec section 2), or back to the page
 * that asked the visitor to sign in (a class invitation link). Failures are left to the caller, which
 * knows which toast to show.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const login = trpc.auth.session.login.useMutation();

  async function signIn(credentials: { email: string; password: string }) {
    await login.mutateAsync(credentials);
    await utils.auth.session.get.refetch();
    const back = takeReturnTo();
    await (back ? navigate({ href: back }) : navigate({ to: '/dashboard' }));
  }

  return { signIn, isSigningIn: login.isPending };
}
