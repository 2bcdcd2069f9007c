import { PASSWORD_MIN_LENGTH } from '@evident/core/auth-rules';
import { Button, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { PublicPage } from '../shell/public-page';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';
import { useDocumentTitle } from '../widgets/document-title';

/** Spec section 9: both redirects on this page wait two seconds. */
const REDIRECT_DELAY_MS = 2000;

export function ResetPasswordPage({ token }: { token: string | undefined }) {
  useDocumentTitle('Reset password');
  return (
    <PublicPage size="xs">
      <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 'xl' }} maw={440} mx="auto">
        {token ? <ResetPasswordForm token={token} /> : <MissingToken />}
      </Paper>
    </PublicPage>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const resetPassword = trpc.auth.password.reset.useMutation({
    onSuccess: () => toastSuccess('Password reset successful', 'You can now sign in with your new password.'),
    onError: (error) => toastError('Reset failed', errorMessage(error, 'Invalid or expired reset token')),
  });
  const updated = resetPassword.isSuccess;

  useEffect(() => {
    if (!updated) return;
    const timer = window.setTimeout(() => void navigate({ to: '/' }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [updated, navigate]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      toastError('Password too short', `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
      return;
    }
    if (password !== confirmation) {
      toastError("Passwords don't match", 'Please make sure both passwords are identical');
      return;
    }
    resetPassword.mutate({ token, password });
  }

  if (updated) {
    return (
      <Stack gap="md" align="center" ta="center" role="status">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconCircleCheck size={30} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={26}>
          Password Updated
        </Title>
        <Text c="dimmed">Your password has been changed. Taking you back to the home page...</Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <div>
          <Title order={1} fz={26}>
            Choose a new password
          </Title>
          <Text c="dimmed" size="sm" mt={6}>
            Use at least {PASSWORD_MIN_LENGTH} characters.
          </Text>
        </div>
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={resetPassword.isPending}>
          Reset Password
        </Button>
      </Stack>
    </form>
  );
}

function MissingToken() {
  const navigate = useNavigate();

  useEffect(() => {
    toastError('Invalid reset link', 'Please request a new password reset');
    const timer = window.setTimeout(() => void navigate({ to: '/forgot-password' }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <Stack gap="md" align="center" ta="center" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" color="red">
        <IconLinkOff size={30} stroke={1.6} aria-hidden />
      </ThemeIcon>
      <Title order={1} fz={26}>
        Invalid reset link
      </Title>
      <Text c="dimmed">This link has no reset token. Taking you to request a new one...</Text>
    </Stack>
  );
}
