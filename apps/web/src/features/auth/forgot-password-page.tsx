import { Button, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { PublicPage } from '../shell/public-page';
import { errorMessage } from '../toast/error-message';
import { toastError } from '../toast/toast';
import { useDocumentTitle } from '../widgets/document-title';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgotPassword = trpc.auth.password.requestReset.useMutation({
    onSuccess: (_result, input) => setSentTo(input.email),
    onError: (error) => toastError('Request failed', errorMessage(error, 'Please try again')),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    forgotPassword.mutate({ email: email.trim() });
  }

  return (
    <PublicPage size="xs">
      <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 'xl' }} maw={440} mx="auto">
        {sentTo === null ? (
          <form onSubmit={submit}>
            <Stack gap="md">
              <div>
                <Title order={1} fz={26}>
                  Forgot your password?
                </Title>
                <Text c="dimmed" size="sm" mt={6}>
                  Enter the email address you signed up with and we will send you a link to choose a new
                  password.
                </Text>
              </div>
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                required
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
              <Button type="submit" fullWidth loading={forgotPassword.isPending}>
                Send Reset Link
              </Button>
              <Button
                component={Link}
                to="/"
                variant="subtle"
                leftSection={<IconArrowLeft size={16} aria-hidden />}
              >
                Back to Home
              </Button>
            </Stack>
          </form>
        ) : (
          <Stack gap="md" align="center" ta="center" role="status">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconMailCheck size={30} stroke={1.6} aria-hidden />
            </ThemeIcon>
            <Title order={1} fz={26}>
              Check your email
            </Title>
            <Text c="dimmed">
              If an account exists for {sentTo}, you will receive a password reset link shortly.
            </Text>
            <Button component={Link} to="/" fullWidth>
              Return to Home
            </Button>
          </Stack>
        )}
      </Paper>
    </PublicPage>
  );
}
