import { Button, Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { errorMessage } from '../toast/error-message';
import { toastSuccess } from '../toast/toast';

type TaskChoice = { id: string; title: string };

/**
 * Asks a workplace supervisor for a report (issue 30 §1): their name, email, workplace and
 * relationship to the student, and which tasks. `studentId` is set when an assessor asks; a student
 * asks for themselves.
 */
export function RequestReportModal({
  opened,
  onClose,
  studentId,
  tasks,
  initialTaskIds,
}: {
  opened: boolean;
  onClose: () => void;
  studentId?: string;
  tasks: TaskChoice[];
  initialTaskIds: string[];
}) {
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [workplace, setWorkplace] = useState('');
  const [relationship, setRelationship] = useState('');
  const [taskIds, setTaskIds] = useState<string[]>(initialTaskIds);
  const create = trpc.thirdParty.requests.create.useMutation({
    onSuccess: async () => {
      toastSuccess('Request sent', `${name} will get an email with a link to write the report.`);
      setName('');
      setEmail('');
      await utils.thirdParty.requests.list.invalidate();
      onClose();
    },
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate({
      ...(studentId ? { studentId } : {}),
      supervisorName: name,
      supervisorEmail: email,
      workplace,
      relationship,
      taskIds,
    });
  }
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Ask a supervisor for a report"
      radius="lg"
      fullScreen={false}
    >
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The supervisor gets an email with a link that works once and needs no account. It expires after a
            set number of days: the request shows the date once sent. Their report is supplementary evidence:
            the assessor still decides.
          </Text>
          <TextInput
            label="Supervisor's name"
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label="Supervisor's email"
            type="email"
            required
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <TextInput
            label="Workplace"
            required
            maxLength={200}
            value={workplace}
            onChange={(e) => setWorkplace(e.currentTarget.value)}
          />
          <TextInput
            label="Relationship to the student"
            description="For example, shift supervisor"
            required
            maxLength={200}
            value={relationship}
            onChange={(e) => setRelationship(e.currentTarget.value)}
          />
          <Checkbox.Group label="Tasks to report on" required value={taskIds} onChange={setTaskIds}>
            <Stack gap={6} mt={6}>
              {tasks.map((task) => (
                <Checkbox key={task.id} value={task.id} label={task.title} />
              ))}
            </Stack>
          </Checkbox.Group>
          {create.error ? (
            <Text size="sm" c="red" role="alert">
              {errorMessage(create.error, 'The request was not sent. Please try again.')}
            </Text>
          ) : null}
          <Button type="submit" loading={create.isPending} disabled={taskIds.length === 0}>
            Send Request
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
