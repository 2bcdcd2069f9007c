import { PASSWORD_MIN_LENGTH } from '@evident/core/auth-rules';
import type { selfServiceRoles } from '@evident/core/roles';
import { Button, Group, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';
import classes from './sign-up-form.module.css';
import { useSignIn } from './use-sign-in';

type SelfServiceRole = (typeof selfServiceRoles)[number];

const roleChoices: { value: SelfServiceRole; label: string; description: string }[] = [
  { value: 'student', label: 'Student', description: 'I gather evidence for my unit' },
  { value: 'assessor', label: 'Assessor', description: 'I review and grade evidence' },
];

export function SignUpForm() {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<SelfServiceRole>('student');
  const register = trpc.auth.accounts.register.useMutation();
  const { signIn, isSigningIn } = useSignIn();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      toastError('Password too short', `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
      return;
    }
    const credentials = { email: email.trim(), password };
    try {
      await register.mutateAsync({
        ...credentials,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        role,
      });
    } catch (error) {
      toastError('Registration failed', errorMessage(error, 'Please try again'));
      return;
    }
    toastSuccess('Registration successful', 'Please check your email for a welcome message');
    // Spec section 4: a new account signs straight in with the same credentials.
    try {
      await signIn(credentials);
    } catch (error) {
      toastError('Login failed', errorMessage(error, 'Invalid email or password'));
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            data-autofocus
            value={firstName}
            onChange={(event) => setFirstName(event.currentTarget.value)}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            value={lastName}
            onChange={(event) => setLastName(event.currentTarget.value)}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Radio.Group
          label="I am a"
          value={role}
          onChange={(value) => setRole(value === 'assessor' ? 'assessor' : 'student')}
        >
          <SimpleGrid cols={2} spacing="sm" mt={6}>
            {roleChoices.map((choice) => (
              <Radio.Card
                key={choice.value}
                value={choice.value}
                radius="md"
                p="sm"
                className={classes.roleCard}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600} size="sm" lh={1.2}>
                      {choice.label}
                    </Text>
                    <Text size="xs" c="dimmed" mt={2}>
                      {choice.description}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Button type="submit" fullWidth loading={register.isPending || isSigningIn}>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
