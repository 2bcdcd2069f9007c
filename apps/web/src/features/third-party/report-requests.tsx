import type { AppRouter } from '@evident/api/root';
import { type ThirdPartyState, thirdPartyStateLabels } from '@evident/core/third-party-values';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import { trpc } from '../../data-layer/trpc-client';
import { DateTimeText, dateOnly } from '../../format/date-time';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';

type RequestView = inferRouterOutputs<AppRouter>['thirdParty']['requests']['list'][number];

const stateColours: Record<ThirdPartyState, string> = {
  sent: 'blue',
  opened: 'cyan',
  submitted: 'teal',
  expired: 'gray',
  revoked: 'red',
};

/** The requests for supervisor reports on a task, with their state, and re-send or revoke while live. */
export function ReportRequests({ requests }: { requests: RequestView[] }) {
  const utils = trpc.useUtils();
  const refresh = () => utils.thirdParty.requests.list.invalidate();
  const resend = trpc.thirdParty.requests.resend.useMutation({
    onSuccess: async () => {
      toastSuccess('Link sent again', 'The earlier link no longer works.');
      await refresh();
    },
    onError: (error) => toastError('Not sent', errorMessage(error, 'Please try again.')),
  });
  const revoke = trpc.thirdParty.requests.revoke.useMutation({
    onSuccess: async () => {
      toastSuccess('Request revoked', 'The link no longer works.');
      await refresh();
    },
    onError: (error) => toastError('Not revoked', errorMessage(error, 'Please try again.')),
  });
  if (requests.length === 0) return null;
  return (
    <Stack
      gap={6}
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Supervisor report requests"
    >
      {requests.map((request) => {
        const live = request.status === 'sent' || request.status === 'opened';
        return (
          <Group component="li" key={request.id} gap="xs" wrap="wrap" justify="space-between">
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {request.supervisorName} ({request.workplace})
              </Text>
              <Text size="xs" c="dimmed">
                Asked <DateTimeText value={request.createdAt} options={dateOnly} />
                {live ? (
                  <>
                    {' '}
                    · link expires <DateTimeText value={request.expiresAt} options={dateOnly} />
                  </>
                ) : null}
              </Text>
            </Stack>
            <Badge variant="light" color={stateColours[request.status]} radius="sm" tt="none">
              {thirdPartyStateLabels[request.status]}
            </Badge>
            {live || request.status === 'expired' ? (
              <Group gap={4}>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  loading={resend.isPending && resend.variables?.id === request.id}
                  onClick={() => resend.mutate({ id: request.id })}
                  aria-label={`Send the link to ${request.supervisorName} again`}
                >
                  Re-send
                </Button>
                {live ? (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    loading={revoke.isPending && revoke.variables?.id === request.id}
                    onClick={() => revoke.mutate({ id: request.id })}
                    aria-label={`Revoke the request to ${request.supervisorName}`}
                  >
                    Revoke
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}
