import { type LtiPlatformInput, ltiPlatformSchema } from '@evident/core/lti-platform';
import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';

export type AdminLtiPlatform = LtiPlatformInput & {
  id: string;
  trustTeachingRoles: boolean;
  createdAt: string;
};

type Fields = Record<
  'issuer' | 'clientId' | 'deploymentIds' | 'authorizationUrl' | 'tokenUrl' | 'jwksUrl',
  string
>;

const emptyFields: Fields = {
  issuer: '',
  clientId: '',
  deploymentIds: '',
  authorizationUrl: '',
  tokenUrl: '',
  jwksUrl: '',
};

const fieldsOf = (platform: AdminLtiPlatform | null): Fields =>
  platform
    ? {
        issuer: platform.issuer,
        clientId: platform.clientId,
        deploymentIds: platform.deploymentIds.join('\n'),
        authorizationUrl: platform.authorizationUrl,
        tokenUrl: platform.tokenUrl,
        jwksUrl: platform.jwksUrl,
      }
    : emptyFields;

/**
 * The form checks with the very schema LTI_PLATFORMS, the CLI and the server use, so what it lets
 * through the server takes, and a refusal names the field.
 */
function check(fields: Fields, trustTeachingRoles: boolean) {
  const parsed = ltiPlatformSchema.safeParse({
    ...fields,
    trustTeachingRoles,
    deploymentIds: fields.deploymentIds
      .split(/[\n,]/)
      .map((id) => id.trim())
      .filter(Boolean),
  });
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: Partial<Record<keyof Fields, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Fields;
    errors[field] ??= issue.message;
  }
  return { input: null, errors };
}

type PlatformFormModalProps = {
  opened: boolean;
  /** The platform being edited, or null to register a new one. */
  platform: AdminLtiPlatform | null;
  onClose: () => void;
};

export function PlatformFormModal({ opened, platform, onClose }: PlatformFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={platform ? 'Edit platform' : 'Add platform'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <PlatformForm key={platform?.id ?? 'new'} platform={platform} onDone={onClose} />
    </Modal>
  );
}

function PlatformForm({ platform, onDone }: { platform: AdminLtiPlatform | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(platform));
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [trustTeachingRoles, setTrustTeachingRoles] = useState(platform?.trustTeachingRoles ?? false);
  const done = async (title: string) => {
    await utils.admin.ltiPlatforms.list.invalidate();
    toastSuccess(title, fields.issuer.trim());
    onDone();
  };
  const add = trpc.admin.ltiPlatforms.create.useMutation({
    onSuccess: () => done('Platform added'),
    onError: (error) => toastError('Could not add the platform', errorMessage(error, 'Please try again')),
  });
  const update = trpc.admin.ltiPlatforms.update.useMutation({
    onSuccess: () => done('Platform saved'),
    onError: (error) => toastError('Could not save the platform', errorMessage(error, 'Please try again')),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const { input, errors: found } = check(fields, trustTeachingRoles);
    setErrors(found);
    if (!input) return;
    if (platform) update.mutate({ ...input, id: platform.id });
    else add.mutate(input);
  }

  const field = (name: keyof Fields) => ({
    value: fields[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setFields((current) => ({ ...current, [name]: value }));
    },
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Issuer"
          description="The platform's issuer (iss), e.g. https://moodle.example.edu"
          required
          {...field('issuer')}
        />
        <TextInput
          label="Client ID"
          description="The client id the platform gave Evident"
          required
          {...field('clientId')}
        />
        <Textarea
          label="Deployment IDs"
          description="One per line; a launch from any other deployment is refused"
          autosize
          minRows={2}
          {...field('deploymentIds')}
        />
        <TextInput label="Authorization URL" required {...field('authorizationUrl')} />
        <TextInput label="Access token URL" required {...field('tokenUrl')} />
        <TextInput label="Key set URL (JWKS)" required {...field('jwksUrl')} />
        <Switch
          mt="xs"
          label="Trust this platform's teachers"
          description="A teacher it opens Evident for the first time starts as an approved assessor of their courses. Off: they wait for an administrator's approval, as assessors who sign up do."
          checked={trustTeachingRoles}
          onChange={(event) => setTrustTeachingRoles(event.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending || update.isPending}>
            {platform ? 'Save' : 'Add platform'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
