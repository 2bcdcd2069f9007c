import type { EmailOutcome } from '@evident/core/classes';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import type { StudentEnrolResult } from '../admin-types';

const outcomeColour: Record<EmailOutcome, string> = {
  enrolled: 'teal',
  invited: 'blue',
  already_enrolled: 'gray',
  not_a_student: 'red',
  deactivated: 'red',
  invalid: 'red',
};

const failed = (outcome: EmailOutcome) => outcomeColour[outcome] === 'red';

/** What happened to each person or pasted email, problems first so none is missed. */
export function EnrolResults({
  results,
  onDismiss,
}: {
  results: StudentEnrolResult[];
  onDismiss: () => void;
}) {
  const ordered = [...results].sort((a, b) => Number(failed(b.outcome)) - Number(failed(a.outcome)));
  const problems = results.filter((result) => failed(result.outcome)).length;
  return (
    <Alert
      color={problems > 0 ? 'orange' : 'teal'}
      title={problems > 0 ? `${problems} not enrolled` : 'Done'}
      withCloseButton
      closeButtonLabel="Dismiss results"
      onClose={onDismiss}
    >
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {ordered.map((result) => (
          <Group component="li" key={result.email} gap="xs" wrap="wrap">
            <Badge color={outcomeColour[result.outcome]} variant="light" size="sm">
              {result.message}
            </Badge>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {result.name ? `${result.name} (${result.email})` : result.email}
            </Text>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
