import { maxObservedDates } from '@evident/core/third-party-values';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

export type TaskAnswer = { observed: boolean | null; dates: string[]; comment: string };

type SupervisorTask = {
  id: string;
  title: string;
  description: string;
  unitCode: string;
  unitTitle: string;
  requirements: { key: string; text: string }[];
};

/** One task on the supervisor's page: what it asks for, then observed or not, on which days, a comment. */
export function SupervisorTaskField({
  task,
  index,
  answer,
  onChange,
  today,
  error,
}: {
  task: SupervisorTask;
  index: number;
  answer: TaskAnswer;
  onChange: (answer: TaskAnswer) => void;
  today: string;
  error?: string;
}) {
  const headingId = `task-${task.id}-title`;
  const setDate = (at: number, value: string) =>
    onChange({ ...answer, dates: answer.dates.map((date, i) => (i === at ? value : date)) });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Text size="xs" c="dimmed">
            Task {index + 1} · {task.unitCode} {task.unitTitle}
          </Text>
          <Text fw={700} id={headingId}>
            {task.title}
          </Text>
          {task.description ? (
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
              {task.description}
            </Text>
          ) : null}
        </div>
        {task.requirements.length > 0 ? (
          <div>
            <Text size="sm" fw={600}>
              What the student must show
            </Text>
            <Stack gap={4} component="ul" m={0} pl="md">
              {task.requirements.map((requirement) => (
                <Text component="li" size="sm" key={requirement.key}>
                  <b>{requirement.key}</b> {requirement.text}
                </Text>
              ))}
            </Stack>
          </div>
        ) : null}
        <Stack gap={4}>
          <Text size="sm" fw={600} id={`${headingId}-observed`}>
            Did you see the student do this?
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby={`${headingId}-observed`}
            value={answer.observed === null ? '' : answer.observed ? 'yes' : 'no'}
            data={[
              { value: 'yes', label: 'Yes, I saw it' },
              { value: 'no', label: 'No' },
            ]}
            onChange={(value) =>
              onChange({
                ...answer,
                observed: value === 'yes',
                dates: value === 'yes' && answer.dates.length === 0 ? [''] : answer.dates,
              })
            }
          />
        </Stack>
        {answer.observed ? (
          <Stack gap="xs">
            {answer.dates.map((date, at) => (
              <Group key={`${task.id}-${at}`} gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  type="date"
                  label={at === 0 ? 'Date observed' : `Date observed (${at + 1})`}
                  value={date}
                  max={today}
                  required
                  onChange={(event) => setDate(at, event.currentTarget.value)}
                  style={{ flex: 1 }}
                />
                {answer.dates.length > 1 ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove date ${at + 1}`}
                    onClick={() => onChange({ ...answer, dates: answer.dates.filter((_, i) => i !== at) })}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
            ))}
            {answer.dates.length < maxObservedDates ? (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => onChange({ ...answer, dates: [...answer.dates, ''] })}
                style={{ alignSelf: 'flex-start' }}
              >
                Add another date
              </Button>
            ) : null}
          </Stack>
        ) : null}
        <Textarea
          label="Comment (optional)"
          description="What you saw, how well it was done, anything the assessor should know."
          autosize
          minRows={2}
          maxLength={2000}
          value={answer.comment}
          onChange={(event) => onChange({ ...answer, comment: event.currentTarget.value })}
        />
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
