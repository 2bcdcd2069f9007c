import type { AppRouter } from '@evident/api/root';
import { Alert, Button, Checkbox, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useRef, useState } from 'react';
import type { trpc } from '../../data-layer/trpc-client';
import { errorMessage } from '../toast/error-message';
import { SupervisorTaskField, type TaskAnswer } from './supervisor-task-field';

type PageView = inferRouterOutputs<AppRouter>['thirdParty']['supervisorReports']['get'];
type RecordMutation = ReturnType<typeof trpc.thirdParty.supervisorReports.record.useMutation>;

const localDay = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** What is missing, per task and for the form as a whole, before anything is sent. */
function problemsOf(answers: TaskAnswer[], today: string) {
  return answers.map((answer) => {
    if (answer.observed === null) return 'Say whether you saw the student do this.';
    if (answer.observed && answer.dates.filter(Boolean).length === 0) return 'Give the date you saw it.';
    if (answer.dates.some((date) => date > today)) return 'A date cannot be later than today.';
    return undefined;
  });
}

export function SupervisorReportForm({
  token,
  page,
  record,
}: {
  token: string;
  page: PageView;
  record: RecordMutation;
}) {
  const today = localDay();
  const [answers, setAnswers] = useState<TaskAnswer[]>(() =>
    page.tasks.map(() => ({ observed: null, dates: [], comment: '' })),
  );
  const [role, setRole] = useState('');
  const [supervisedFor, setSupervisedFor] = useState('');
  const [experience, setExperience] = useState('');
  const [declared, setDeclared] = useState(false);
  const [signedName, setSignedName] = useState('');
  const [checked, setChecked] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const problems = problemsOf(answers, today);
  const missing = [
    !role.trim() && 'your role',
    !supervisedFor.trim() && 'how long you have supervised the student',
    !experience.trim() && 'your experience',
    !declared && 'the declaration',
    !signedName.trim() && 'your name as a signature',
  ].filter(Boolean);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (missing.length > 0 || problems.some(Boolean)) {
      // Move focus to the summary so a screen reader hears what is left to fill in.
      window.setTimeout(() => errorRef.current?.focus(), 0);
      return;
    }
    record.mutate({
      token,
      supervisorRole: role,
      supervisedFor,
      experience,
      items: page.tasks.map((task, index) => {
        const answer = answers[index] ?? { observed: false, dates: [], comment: '' };
        return {
          taskId: task.id,
          observed: answer.observed === true,
          dates: answer.observed ? answer.dates.filter(Boolean) : [],
          comment: answer.comment,
        };
      }),
      declarationVersion: page.declaration.version,
      signedName,
    });
  }

  const asker =
    page.askedAs === 'student' ? page.studentName : `${page.askedBy}, ${page.studentName}'s assessor`;
  const incomplete = checked && (missing.length > 0 || problems.some(Boolean));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Report on {page.studentName}'s work
          </Title>
          <Text mt="xs">
            Hi {page.supervisorName}. {asker} has asked you, as their {page.relationship.toLowerCase()} at{' '}
            {page.workplace}, to say what you have seen of their work. Your report supports the assessment:
            the assessor still decides, and may contact you to confirm it.
          </Text>
          <Text size="sm" c="dimmed" mt="xs">
            No account is needed. You can send this report once.
          </Text>
        </div>
        {page.tasks.map((task, index) => (
          <SupervisorTaskField
            key={task.id}
            task={task}
            index={index}
            today={today}
            answer={answers[index] ?? { observed: null, dates: [], comment: '' }}
            error={checked ? problems[index] : undefined}
            onChange={(answer) => setAnswers((all) => all.map((old, i) => (i === index ? answer : old)))}
          />
        ))}
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="about-you">
          <Stack gap="sm">
            <Title order={2} fz={18} id="about-you">
              About you
            </Title>
            <TextInput
              label="Your role"
              required
              maxLength={200}
              value={role}
              onChange={(e) => setRole(e.currentTarget.value)}
            />
            <TextInput
              label="How long you have supervised the student"
              placeholder="For example, 8 months"
              required
              maxLength={200}
              value={supervisedFor}
              onChange={(e) => setSupervisedFor(e.currentTarget.value)}
            />
            <Textarea
              label="Your own experience in this work"
              required
              autosize
              minRows={2}
              maxLength={2000}
              value={experience}
              onChange={(e) => setExperience(e.currentTarget.value)}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="declaration">
          <Stack gap="sm">
            <Title order={2} fz={18} id="declaration">
              Declaration
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {page.declaration.text}
            </Text>
            <Checkbox
              label="I make this declaration"
              checked={declared}
              onChange={(e) => setDeclared(e.currentTarget.checked)}
            />
            <TextInput
              label="Type your full name as your signature"
              required
              maxLength={200}
              autoComplete="name"
              value={signedName}
              onChange={(e) => setSignedName(e.currentTarget.value)}
            />
          </Stack>
        </Paper>
        {incomplete ? (
          <Alert color="red" role="alert" ref={errorRef} tabIndex={-1} title="Some answers are missing">
            {missing.length > 0
              ? `Please fill in ${missing.join(', ')}.`
              : 'Please check the tasks marked above.'}
          </Alert>
        ) : null}
        {record.error ? (
          <Alert color="red" role="alert" title="The report was not sent">
            {errorMessage(record.error, 'Please check your connection and try again.')}
          </Alert>
        ) : null}
        <Button type="submit" size="md" fullWidth loading={record.isPending}>
          Send Report
        </Button>
      </Stack>
    </form>
  );
}
