import type { AppRouter } from '@evident/api/root';
import { Badge, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { confirmAction } from '../dialog/confirm';
import { invalidateFor } from '../live/event-invalidations';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';

type Round = inferRouterOutputs<AppRouter>['staff']['validationRounds']['get'];
type Action = Round['actions'][number];

// Dates travel as JSON text, whatever the output type says.
const when = (date: Date | string) =>
  new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' }).format(new Date(date));

/** An admin adds an action: what is to be done and who owns it (an admin, assessor or validator). */
function AddActionForm({ roundId }: { roundId: string }) {
  const people = trpc.admin.users.list.useQuery();
  const [text, setText] = useState('');
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const add = trpc.admin.validationActions.add.useMutation({
    onSuccess: () => {
      void invalidateFor({ type: 'validation.changed', roundId });
      setText('');
      setOwnerId(null);
      toastSuccess('Action added', 'Its owner sees it on their Validation screen.');
    },
    onError: (error) => toastError('Could not add the action', errorMessage(error, 'Please try again')),
  });
  const owners = (people.data ?? []).filter(
    (p) => ['assessor', 'rto_admin', 'validator'].includes(p.role) && p.status === 'active',
  );
  const ready = text.trim().length > 0 && ownerId !== null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && ownerId) add.mutate({ roundId, text, ownerId });
      }}
    >
      <Stack gap="sm">
        <Textarea
          label="Action"
          description="What is to be done, such as a change to a task or a briefing for assessors"
          autosize
          minRows={2}
          maxLength={2000}
          value={text}
          onChange={(event) => setText(event.currentTarget.value.replace(/\n/g, ' '))}
          withAsterisk
        />
        <Select
          label="Owner"
          placeholder="Who will see it done"
          // The email tells apart two people of one name (a large RTO has them).
          data={owners.map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName} (${p.email})` }))}
          value={ownerId}
          onChange={setOwnerId}
          searchable
          nothingFoundMessage="No admin, assessor or validator matches"
          withAsterisk
        />
        <Group>
          <Button type="submit" disabled={!ready} loading={add.isPending}>
            Add action
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Marks an action done: an admin through the admin path, its owner through their own. */
function useComplete(roundId: string, asAdmin: boolean) {
  const options = {
    onSuccess: () => {
      void invalidateFor({ type: 'validation.changed', roundId });
      toastSuccess('Action marked done');
    },
    onError: (error: Parameters<typeof errorMessage>[0]) =>
      toastError('Could not mark it done', errorMessage(error, 'Please try again')),
  };
  const admin = trpc.admin.validationActions.complete.useMutation(options);
  const owner = trpc.staff.validationActions.complete.useMutation(options);
  return asAdmin ? admin : owner;
}

function ActionRow({
  roundId,
  action,
  isAdmin,
  me,
}: {
  roundId: string;
  action: Action;
  isAdmin: boolean;
  me: string;
}) {
  const complete = useComplete(roundId, isAdmin);
  const mayMark = isAdmin || action.ownerId === me;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="validation-action">
      <Stack gap={6}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {action.text}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            Owner: {action.ownerName ?? 'no longer here'} · added {when(action.createdAt)}
          </Text>
          {action.doneAt ? (
            <Group gap={4} wrap="nowrap">
              <IconCheck size={14} color="var(--mantine-color-green-6)" aria-hidden />
              <Text size="xs" fw={600}>
                Done {when(action.doneAt)}
                {action.doneByName ? ` by ${action.doneByName}` : ''}
              </Text>
            </Group>
          ) : mayMark ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconCheck size={14} aria-hidden />}
              loading={complete.isPending}
              aria-label={`Mark done: ${action.text}`}
              onClick={() =>
                confirmAction({
                  title: 'Mark action done',
                  message: 'Mark this action done?',
                  detail: `“${action.text}” The round's report will show it done today, by you.`,
                  confirmLabel: 'Mark done',
                  onConfirm: () => complete.mutate({ id: action.id }),
                })
              }
            >
              Mark done
            </Button>
          ) : (
            <Badge color="orange" variant="light">
              Open
            </Badge>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * A round's actions (issue 30 §2): each with its owner, tracked to done. An admin adds them and marks
 * any done; its owner marks their own, here or from their Validation screen; other validators see them.
 */
export function RoundActionsSection({ round, isAdmin, me }: { round: Round; isAdmin: boolean; me: string }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="actions-heading">
      <Title order={2} fz="lg" id="actions-heading">
        Actions
      </Title>
      {round.actions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No actions yet.{isAdmin ? ' Add what the reviews ask to be done, and who will do it.' : ''}
        </Text>
      ) : (
        round.actions.map((action) => (
          <ActionRow key={action.id} roundId={round.id} action={action} isAdmin={isAdmin} me={me} />
        ))
      )}
      {isAdmin ? (
        <Paper withBorder radius="md" p="md">
          <AddActionForm roundId={round.id} />
        </Paper>
      ) : null}
    </Stack>
  );
}
