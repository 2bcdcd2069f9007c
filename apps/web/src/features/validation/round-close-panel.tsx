import type { AppRouter } from '@evident/api/root';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconLock } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { trpc } from '../../data-layer/trpc-client';
import { confirmAction } from '../dialog/confirm';
import { invalidateFor } from '../live/event-invalidations';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';

type Round = inferRouterOutputs<AppRouter>['staff']['validationRounds']['get'];

/** The report: an admin's from the admin path, a validator's from their own (their rounds only). */
export const reportUrl = (roundId: string, isAdmin: boolean) =>
  `${isAdmin ? '/api/admin' : '/api'}/validation-rounds/${encodeURIComponent(roundId)}/report.pdf`;

/** Each review not (yet) recorded, in words: 'Wen Li: the record of Bo Student'. */
export function missingLines(round: Round): string[] {
  const nameOf = (id: string) => round.validators.find((v) => v.id === id)?.name ?? 'A validator';
  const studentOf = (id: string) => round.sample.find((s) => s.studentId === id)?.studentName ?? 'a student';
  return round.missing.map((m) =>
    m.studentId === null
      ? `${nameOf(m.validatorId)}: the review of the tool`
      : `${nameOf(m.validatorId)}: the record of ${studentOf(m.studentId)}`,
  );
}

const day = (date: Date | string) =>
  new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' }).format(new Date(date));

/**
 * The round's state, its report, and (for an admin, while open) closing it. Closing does not wait
 * for every review: the confirm lists those still missing, and the report prints them.
 */
export function RoundClosePanel({ round, isAdmin }: { round: Round; isAdmin: boolean }) {
  const close = trpc.admin.validationRounds.close.useMutation({
    onSuccess: (closed) => {
      void invalidateFor({ type: 'validation.changed', roundId: round.id });
      toastSuccess(
        'Round closed',
        `${round.unitCode} is next due for validation on ${day(closed.nextDueOn)}.`,
      );
    },
    onError: (error) => toastError('Could not close the round', errorMessage(error, 'Please try again')),
  });
  const missing = missingLines(round);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        {round.closedAt ? (
          <Text size="sm" fw={600}>
            Closed {day(round.closedAt)}
            {round.closedByName ? ` by ${round.closedByName}` : ''}. No more reviews are taken.
          </Text>
        ) : (
          <Text size="sm">Open: validators are still reviewing.</Text>
        )}
        {round.closedAt && missing.length > 0 ? (
          <Text size="sm" c="dimmed">
            {missing.length === 1 ? 'One review was' : `${missing.length} reviews were`} missing when it
            closed; the report lists them.
          </Text>
        ) : null}
        <Group gap="md">
          <Anchor
            href={reportUrl(round.id, isAdmin)}
            size="sm"
            aria-label="Download the round's report (PDF)"
          >
            <Group gap={4} component="span">
              <IconDownload size={14} aria-hidden /> Round report (PDF)
            </Group>
          </Anchor>
          {isAdmin && round.status === 'open' ? (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconLock size={14} aria-hidden />}
              loading={close.isPending}
              onClick={() =>
                confirmAction({
                  title: 'Close round',
                  message: `Close the validation round for ${round.unitCode}?`,
                  detail:
                    missing.length === 0
                      ? 'Every review is in. No more can be recorded after this; the unit’s plan moves on from today.'
                      : `Still missing: ${missing.join('; ')}. They will be listed in the report as missing, and no more reviews can be recorded.`,
                  confirmLabel: 'Close round',
                  destructive: true,
                  onConfirm: () => close.mutate({ id: round.id }),
                })
              }
            >
              Close round
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
