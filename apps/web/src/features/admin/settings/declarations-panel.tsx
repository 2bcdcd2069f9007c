import { declarationTextMax } from '@evident/core/declarations';
import {
  Accordion,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { dateAndTimeFormat } from '../../../format/date-time';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import { LoadError } from '../../widgets/load-error';

type Kind = 'student' | 'assessor';
type Version = { version: number; text: string; createdAt: string | Date; createdByName: string | null };

const about: Record<Kind, { title: string; detail: string }> = {
  student: {
    title: "Student's declaration",
    detail: 'Students read and tick this before each upload: that the evidence is their own work.',
  },
  assessor: {
    title: "Assessor's declaration",
    detail: 'Assessors tick this with each decision: that the judgement follows the rules of evidence.',
  },
};

const when = (at: string | Date) => dateAndTimeFormat().format(new Date(at));

/**
 * Issue 29: the wording of each declaration. Saving adds a version and never changes one, so a
 * declaration made under version 1 still reads as it was made; the history lists every version.
 */
export function DeclarationsPanel() {
  const declarations = trpc.admin.declarations.list.useQuery();
  if (declarations.isError)
    return (
      <LoadError
        title="Could not load the declarations"
        error={declarations.error}
        onRetry={() => void declarations.refetch()}
      />
    );
  return (
    <>
      {(['student', 'assessor'] as const).map((kind) => (
        <Paper key={kind} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={640}>
          {declarations.data ? (
            <DeclarationEditor
              key={declarations.data[kind][0]?.version}
              kind={kind}
              versions={declarations.data[kind]}
            />
          ) : (
            <Skeleton height={220} radius="sm" aria-label="Loading" />
          )}
        </Paper>
      ))}
    </>
  );
}

function DeclarationEditor({ kind, versions }: { kind: Kind; versions: Version[] }) {
  const [current] = versions;
  const [text, setText] = useState(current?.text ?? '');
  const utils = trpc.useUtils();
  const save = trpc.admin.declarations.update.useMutation({
    onSuccess: async (saved) => {
      await utils.admin.declarations.list.invalidate();
      if (saved.added)
        toastSuccess(
          'Declaration published',
          `${about[kind].title}: version ${saved.version} is now in force.`,
        );
    },
    onError: (error) => toastError('Could not save the declaration', errorMessage(error, 'Please try again')),
  });
  const headingId = `declaration-${kind}-title`;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ kind, text });
  }

  return (
    <form onSubmit={submit} aria-labelledby={headingId} data-testid={`declaration-${kind}`}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconSignature size={22} stroke={1.7} aria-hidden />
          <Title order={2} fz="lg" id={headingId}>
            {about[kind].title}
          </Title>
          {current ? (
            // Never squeezed to 'Versio...' beside a title that wraps on a phone.
            <Badge variant="light" tt="none" style={{ flexShrink: 0 }} data-testid="declaration-version">
              Version {current.version}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {about[kind].detail} Publishing makes a new version; declarations already made keep the words they
          were made under.
        </Text>
        <Textarea
          label="Wording"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={5}
          maxLength={declarationTextMax}
          description={`${text.length} of ${declarationTextMax} characters`}
          data-testid="declaration-wording"
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!current || text.trim() === current.text || text.trim() === ''}
          >
            Publish version {(current?.version ?? 0) + 1}
          </Button>
        </Group>
        <History versions={versions} />
      </Stack>
    </form>
  );
}

/** Every version, newest first, with when and by whom; each one's words open on demand. */
function History({ versions }: { versions: Version[] }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        History
      </Text>
      <Accordion variant="separated" radius="md" chevronPosition="right" data-testid="declaration-history">
        {versions.map((version, index) => (
          <Accordion.Item key={version.version} value={String(version.version)}>
            <Accordion.Control>
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  Version {version.version}
                  {index === 0 ? ' (in force)' : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {when(version.createdAt)} · {version.createdByName ?? 'Shipped with Evident'}
                </Text>
              </Stack>
            </Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {version.text}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
