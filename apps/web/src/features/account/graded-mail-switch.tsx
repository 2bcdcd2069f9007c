import { Paper, Skeleton, Switch, Text } from '@mantine/core';
import { trpc } from '../../data-layer/trpc-client';
import { errorMessage } from '../toast/error-message';
import { toastError } from '../toast/toast';

/** The account page's switch for the mail a student gets each time their work is graded. */
export function GradedMailSwitch() {
  const utils = trpc.useUtils();
  const setting = trpc.account.gradedMail.get.useQuery();
  const change = trpc.account.gradedMail.set.useMutation({
    onSuccess: (saved) => utils.account.gradedMail.get.setData(undefined, saved),
    onError: (error) => toastError('Not saved', errorMessage(error, 'Could not change the email setting')),
  });
  const on = change.isPending ? (change.variables?.on ?? false) : (setting.data?.on ?? true);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="email-heading"
    >
      <Text fw={600} id="email-heading" mb="sm">
        Email
      </Text>
      {setting.isPending ? (
        <Skeleton height={40} radius="sm" />
      ) : (
        <Switch
          label="Email me when my work is graded"
          description="The outcome, your assessor's comment and, when it is Not Yet Satisfactory, what to do next, with a link to the task."
          checked={on}
          disabled={setting.isError}
          onChange={(event) => change.mutate({ on: event.currentTarget.checked })}
          size="md"
        />
      )}
      {setting.isError ? (
        <Text size="sm" c="red" mt="xs">
          {errorMessage(setting.error, 'Could not load the email setting')}
        </Text>
      ) : null}
    </Paper>
  );
}
