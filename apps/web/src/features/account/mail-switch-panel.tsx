import { Paper, Skeleton, Switch, Text } from '@mantine/core';
import { errorMessage } from '../toast/error-message';

type Setting = { isPending: boolean; isError: boolean; error: unknown; data?: { on: boolean } };
type Change = { isPending: boolean; variables?: { on: boolean }; mutate(input: { on: boolean }): void };

/** The account page's panel for one mail a person may turn off; on until they say otherwise. */
export function MailSwitchPanel(props: {
  id: string;
  label: string;
  description: string;
  setting: Setting;
  change: Change;
}) {
  const { id, label, description, setting, change } = props;
  const on = change.isPending ? (change.variables?.on ?? false) : (setting.data?.on ?? true);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Text fw={600} id={id} mb="sm">
        Email
      </Text>
      {setting.isPending ? (
        <Skeleton height={40} radius="sm" />
      ) : (
        <Switch
          label={label}
          description={description}
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
