import { splitPastedEmails } from '@evident/core/classes';
import { Badge, Button, Group, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { countNoun } from '../../../format/count-noun';
import { onFirstUse } from '../../../format/on-first-use';
import { confirmAction } from '../../dialog/confirm';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import type { AdminClass, StudentEnrolResult } from '../admin-types';
import { ClassSection } from './class-section';
import { EnrolResults } from './enrol-results';
import { PickPeopleRow } from './people-picker';
import { useClassSaved } from './use-class-saved';

const dateTime = onFirstUse(() => new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' }));

/** The class's students: enrol by picking people or pasting emails; end an enrolment; ended ones below. */
export function ClassStudentsSection({ row }: { row: AdminClass }) {
  const archived = row.status === 'archived';
  const saved = useClassSaved();
  const end = trpc.admin.classes.endEnrolment.useMutation({
    onSuccess: async (result) => {
      toastSuccess('Enrolment ended', 'It stays on record below');
      await saved(result);
    },
    onError: (error) => toastError('Could not end the enrolment', errorMessage(error, 'Please try again')),
  });

  return (
    <ClassSection id="class-students" title={`Students (${row.students.length})`}>
      {archived ? null : <EnrolStudents row={row} />}
      {row.students.length === 0 ? (
        <Text size="sm" c="dimmed" mt="md">
          No students yet.
        </Text>
      ) : (
        <Stack
          gap={6}
          mt="md"
          component="ul"
          aria-label="Current students"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {row.students.map((student) => (
            <Group component="li" key={student.enrolmentId} justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Text size="sm" fw={500}>
                  {student.firstName} {student.lastName}{' '}
                  {student.invitationPending ? (
                    <Badge size="xs" variant="light" color="yellow">
                      Invitation sent
                    </Badge>
                  ) : null}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {student.email}
                </Text>
              </div>
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  confirmAction({
                    title: 'End enrolment',
                    message: `End ${student.firstName} ${student.lastName}'s enrolment in ${row.name}?`,
                    detail:
                      'The enrolment is kept on record as ended. Their units, tasks and evidence stay theirs.',
                    confirmLabel: 'End enrolment',
                    destructive: true,
                    onConfirm: () => end.mutate({ id: row.id, userId: student.id }),
                  })
                }
              >
                End enrolment
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {row.endedEnrolments.length > 0 ? (
        <>
          <Title order={3} size="h5" mt="lg" mb={6}>
            Ended enrolments ({row.endedEnrolments.length})
          </Title>
          <Stack gap={4}>
            {row.endedEnrolments.map((ended) => (
              <Text key={ended.enrolmentId} size="sm" c="dimmed">
                {ended.firstName} {ended.lastName}: {dateTime().format(new Date(ended.enrolledAt))} –{' '}
                {dateTime().format(new Date(ended.endedAt))}
                {ended.endedBy ? `, ended by ${ended.endedBy}` : ''}
              </Text>
            ))}
          </Stack>
        </>
      ) : null}
    </ClassSection>
  );
}

function EnrolStudents({ row }: { row: AdminClass }) {
  const [mode, setMode] = useState<'pick' | 'paste'>('pick');
  const [picked, setPicked] = useState<string[]>([]);
  const [pasted, setPasted] = useState('');
  const [results, setResults] = useState<StudentEnrolResult[] | null>(null);
  const saved = useClassSaved();
  const enrol = trpc.admin.classes.addStudents.useMutation({
    onSuccess: async (answer) => {
      setResults(answer.results);
      const done = answer.results.filter((r) => r.outcome === 'enrolled' || r.outcome === 'invited').length;
      toastSuccess('Students enrolled', `${countNoun(done, 'student')} added to ${answer.class.name}`);
      setPicked([]);
      setPasted('');
      await saved(answer.class);
    },
    onError: (error) => toastError('Could not enrol', errorMessage(error, 'Please try again')),
  });
  const lines = splitPastedEmails(pasted);

  return (
    <Stack gap="sm">
      <SegmentedControl
        value={mode}
        onChange={(value) => setMode(value === 'paste' ? 'paste' : 'pick')}
        data={[
          { value: 'pick', label: 'Pick people' },
          { value: 'paste', label: 'Paste emails' },
        ]}
        aria-label="How to enrol students"
        style={{ alignSelf: 'flex-start' }}
      />
      {mode === 'pick' ? (
        <PickPeopleRow
          personRole="student"
          label="Enrol students"
          value={picked}
          onChange={setPicked}
          exclude={row.students.map((student) => student.id)}
          action="Enrol"
          busy={enrol.isPending}
          onSubmit={() => enrol.mutate({ id: row.id, userIds: picked })}
        />
      ) : (
        <>
          <Textarea
            label="Student emails"
            description="One a line, or separated by commas. 'Sam Lee <sam@example.com>' names a new student. Someone without an account gets one, and an email to set their password."
            placeholder={'sam.lee@example.com\nAlex Chen <alex@example.com>'}
            autosize
            minRows={4}
            maxRows={12}
            value={pasted}
            onChange={(event) => setPasted(event.currentTarget.value)}
          />
          <Group>
            <Button
              disabled={lines.length === 0}
              loading={enrol.isPending}
              onClick={() => enrol.mutate({ id: row.id, emails: lines })}
            >
              {lines.length > 0 ? `Enrol ${countNoun(lines.length, 'email')}` : 'Enrol'}
            </Button>
          </Group>
        </>
      )}
      {results ? <EnrolResults results={results} onDismiss={() => setResults(null)} /> : null}
    </Stack>
  );
}
