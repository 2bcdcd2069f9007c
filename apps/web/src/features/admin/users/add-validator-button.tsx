import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { errorMessage } from '../../toast/error-message';
import { toastSuccess } from '../../toast/toast';

type Fields = { firstName: string; lastName: string; email: string };
const empty: Fields = { firstName: '', lastName: '', email: '' };

function AddValidatorForm({ onClose }: { onClose: () => void }) {
  const [fields, setFields] = useState<Fields>(empty);
  const [missing, setMissing] = useState(false);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.admin.users.create.useMutation({
    onSuccess: async (person) => {
      toastSuccess('Validator added', `We emailed ${fields.email} a link to choose a password`);
      await utils.admin.users.invalidate();
      onClose();
      // Next the admin records their credential: a round needs one.
      await navigate({ to: '/admin/users/$id/credentials', params: { id: person.id } });
    },
  });
  const field = (name: keyof Fields, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      required
      value={fields[name]}
      autoComplete="off"
      error={missing && !fields[name].trim() ? `Enter the ${label.toLowerCase()}` : undefined}
      onChange={(event) => setFields({ ...fields, [name]: event.currentTarget.value })}
    />
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!fields.firstName.trim() || !fields.lastName.trim() || !fields.email.trim()) {
      setMissing(true);
      return;
    }
    create.mutate({ ...fields, role: 'validator' });
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A validator reviews the validation rounds they are named in, and sees nothing else. We email them a
          link to choose a password; then record their credentials.
        </Text>
        {field('firstName', 'First name')}
        {field('lastName', 'Last name')}
        {field('email', 'Email', 'email')}
        {create.isError ? (
          <Alert color="red" title="Could not add the validator" role="alert">
            {errorMessage(create.error, 'Please try again')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add validator
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Users Management's way to add a validator (issue 30 §2): someone who is not an assessor. */
export function AddValidatorButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Add validator
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Add a validator"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {opened ? <AddValidatorForm onClose={() => setOpened(false)} /> : null}
      </Modal>
    </>
  );
}
