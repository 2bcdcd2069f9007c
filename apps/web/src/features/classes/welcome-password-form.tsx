import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@evident/core/auth-rules';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { type FormEvent, useRef, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { rememberUnit } from '../student/chosen-unit';
import { errorMessage } from '../toast/error-message';
import { toastSuccess } from '../toast/toast';

type FieldErrors = { password?: string; confirmation?: string };

/** The reset screen's rules, said beside the field they are about. */
function checkPasswords(password: string, confirmation: string): FieldErrors {
  if (password.length < PASSWORD_MIN_LENGTH)
    return { password: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` };
  if (password.length > PASSWORD_MAX_LENGTH)
    return { password: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` };
  if (password !== confirmation) return { confirmation: "Passwords don't match" };
  return {};
}

/** The link itself was refused (spent or expired since the screen opened), not the password. */
function linkRefusal(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const message = errorMessage(error, '');
  return /invitation link/.test(message) ? message : null;
}

type WelcomePasswordFormProps = {
  token: string;
  email: string;
  onLinkRefused: (reason: string) => void;
};

/** Choosing a password spends the link and signs the student in; the dashboard opens on the class's first unit. */
export function WelcomePasswordForm({ token, email, onLinkRefused }: WelcomePasswordFormProps) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const passwordInput = useRef<HTMLInputElement>(null);
  const confirmationInput = useRef<HTMLInputElement>(null);
  const setWelcomePassword = trpc.invitation.welcome.setPassword.useMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkPasswords(password, confirmation);
    setErrors(found);
    // Focus goes to the field at fault, so a screen reader reads its label and its error together.
    if (found.password) return passwordInput.current?.focus();
    if (found.confirmation) return confirmationInput.current?.focus();
    try {
      const { user, units } = await setWelcomePassword.mutateAsync({ token, password });
      const first = units[0];
      if (first) rememberUnit(user.id, first.id);
      await utils.auth.session.get.refetch();
      toastSuccess(`Welcome, ${user.firstName}`, 'Your password is set and you are signed in.');
      await navigate({ to: '/dashboard' });
    } catch (error) {
      const refused = linkRefusal(error);
      if (refused) onLinkRefused(refused);
    }
  }

  const failure = setWelcomePassword.isError
    ? errorMessage(setWelcomePassword.error, 'Your password could not be set. Please try again.')
    : null;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="welcome-password">
      <Stack gap="md">
        <div>
          <Text id="welcome-password" component="h2" fw={600}>
            Choose your password
          </Text>
          <Text size="sm" c="dimmed" mt={2}>
            You will sign in with your email and this password.
          </Text>
        </div>
        {/* Read-only, and filled to look it; there for password managers to save the pair. */}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          readOnly
          variant="filled"
        />
        <PasswordInput
          ref={passwordInput}
          label="Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          required
          value={password}
          error={errors.password}
          aria-invalid={errors.password ? true : undefined}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors({});
          }}
        />
        <PasswordInput
          ref={confirmationInput}
          label="Confirm password"
          autoComplete="new-password"
          required
          value={confirmation}
          error={errors.confirmation}
          aria-invalid={errors.confirmation ? true : undefined}
          onChange={(event) => {
            setConfirmation(event.currentTarget.value);
            setErrors({});
          }}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert" title="Password not set">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" fullWidth loading={setWelcomePassword.isPending}>
          Set password and join
        </Button>
      </Stack>
    </form>
  );
}
