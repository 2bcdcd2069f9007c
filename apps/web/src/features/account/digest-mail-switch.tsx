import { Paper, Skeleton, Switch, Text } from '@mantine/core';
import { trpc } from '../../data-layer/trpc-client';
import { errorMessage } from '../toast/error-message';
import { toastError } from '../toast/toast';

/** The account page's switch for an assessor's morning mail of the evidence waiting for them. */
export function DigestMailSwitch() {
  const utils = trpc.useUtils();
  const setting = trpc.account.digestMail.get.useQuery();
  const change = trpc.account.digestMail.set.useMutation({
    onSuccess: (saved) => utils.account.digestMail.get.setData(undefined, saved),
    onError: (error) => toastError('Not saved', errorMessage(error, 'Could not change the email setting')),
  });
  const on = change.isPending ? (change.variables?.on ?? false) : (setting.data?.on ?? true);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="digest-heading"
    >
      <Text fw={600} id="digest-heading" mb="sm">
        Email
      </Text>
      {setting.isPending ? (
        <Skeleton height={40} radius="sm" />
      ) : (
        <Switch
          label="Email me each morning when evidence is waiting for me"
          description="At 7 am, on mornings when your students’ submissions wait for a decision: how many in each unit, the longest waiting, and a link to Grading. Nothing is sent when nothing waits."
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
