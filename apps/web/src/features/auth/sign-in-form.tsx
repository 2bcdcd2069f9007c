import { Anchor, Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { errorMessage } from '../toast/error-message';
import { toastError } from '../toast/toast';
import { useSignIn } from './use-sign-in';

export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { signIn, isSigningIn } = useSignIn();
  // Offered only when the server has an identity provider, named as the admin named it (OIDC_NAME).
  const singleSignOn = trpc.auth.signInOptions.get.useQuery(undefined, {
    staleTime: Number.POSITIVE_INFINITY,
  }).data?.singleSignOn;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await signIn({ email: email.trim(), password });
    } catch (error) {
      toastError('Login failed', errorMessage(error, 'Invalid email or password'));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          data-autofocus
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={isSigningIn}>
          Sign In
        </Button>
        {singleSignOn ? (
          <>
            <Divider label="or" labelPosition="center" />
            {/* A plain link: single sign-on is a full-page redirect through the identity provider. */}
            <Button
              component="a"
              href={singleSignOnHref()}
              variant="default"
              fullWidth
              leftSection={<IconKey size={16} aria-hidden />}
            >
              Continue with {singleSignOn.name}
            </Button>
          </>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * Back to where the sign-in began (a class invitation link, a deep link) after the provider; from the
 * landing page, the server's default (the dashboard).
 */
function singleSignOnHref(): string {
  const { pathname, search } = window.location;
  if (pathname === '/') return '/api/login';
  return `/api/login?${new URLSearchParams({ returnTo: pathname + search })}`;
}
