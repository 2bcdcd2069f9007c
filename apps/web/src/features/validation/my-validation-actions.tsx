import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../data-layer/trpc-client';
import { confirmAction } from '../dialog/confirm';
import { invalidateFor } from '../live/event-invalidations';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';

/**
 * The validation actions the signed-in person owns and has not done (issue 30 §2), above their rounds:
 * each with its unit and round, and a way to mark it done. Nothing at all when they own none.
 */
export function MyValidationActions() {
  const actions = trpc.staff.validationActions.list.useQuery();
  const complete = trpc.staff.validationActions.complete.useMutation({
    onSuccess: (_done, { id }) => {
      const roundId = actions.data?.find((action) => action.id === id)?.roundId;
      if (roundId) void invalidateFor({ type: 'validation.changed', roundId });
      toastSuccess('Action marked done');
    },
    onError: (error) => toastError('Could not mark it done', errorMessage(error, 'Please try again')),
  });
  if (!actions.data || actions.data.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-actions-heading" mb="lg">
      <Title order={2} fz="lg" id="my-actions-heading">
        Your actions to do
      </Title>
      {actions.data.map((action) => (
        <Paper key={action.id} withBorder radius="md" p="sm" data-testid="my-validation-action">
          <Stack gap={6}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {action.text}
            </Text>
            <Group justify="space-between" gap="xs">
              <Anchor component={Link} to={`/validation/${action.roundId}`} size="xs">
                From the validation of {action.unitCode} {action.unitTitle}
              </Anchor>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconCheck size={14} aria-hidden />}
                aria-label={`Mark done: ${action.text}`}
                loading={complete.isPending && complete.variables?.id === action.id}
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
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
