import { Button, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { ReportRequests } from './report-requests';
import { RequestReportModal } from './request-report-modal';
import { ThirdPartyReportCard, type ThirdPartyReportView } from './third-party-report-card';

type Task = { id: string; title: string };

/** The reports that answer for this task, each with only this task's answer. */
const forTaskOf = (taskId: string) => (reports: ThirdPartyReportView[]) =>
  reports
    .map((report) => ({ ...report, items: report.items.filter((item) => item.taskId === taskId) }))
    .filter((report) => report.items.length > 0);

function Reports({
  reports,
  failed,
  canVerify,
}: {
  reports?: ThirdPartyReportView[];
  failed: boolean;
  canVerify: boolean;
}) {
  if (failed)
    return (
      <Text size="sm" c="red">
        Could not load the supervisor reports of this task.
      </Text>
    );
  if (!reports || reports.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="third-party-reports">
      {reports.map((report) => (
        <ThirdPartyReportCard key={report.id} report={report} canVerify={canVerify} />
      ))}
    </Stack>
  );
}

/**
 * Supervisor reports on one task (issue 30 §1), for staff: the reports labelled supplementary, the
 * requests with their state, and asking for one. Only an assessor records a verification.
 */
export function StaffThirdPartySection({
  studentId,
  task,
  canAct,
}: {
  studentId: string;
  task: Task;
  /** An assessor (or an admin viewing as one): asks, re-sends, revokes and verifies. */
  canAct: boolean;
}) {
  // One query per student, shared by all their cards on the screen; each card keeps its task's answers.
  const reports = trpc.thirdParty.reports.list.useQuery({ studentId }, { select: forTaskOf(task.id) });
  const requests = trpc.thirdParty.requests.list.useQuery({ studentId }, { enabled: canAct });
  const forTask = (requests.data ?? []).filter((request) => request.tasks.some((t) => t.id === task.id));
  return (
    <Stack gap="xs">
      <Reports reports={reports.data} failed={reports.isError} canVerify={canAct} />
      {canAct ? <RequestArea studentId={studentId} task={task} requests={forTask} /> : null}
    </Stack>
  );
}

/** The student's own view of a task's supervisor reports and requests (View Evidence). */
export function OwnThirdPartySection({ task }: { task: Task }) {
  const reports = trpc.thirdParty.reports.listOwn.useQuery({ taskId: task.id });
  const requests = trpc.thirdParty.requests.list.useQuery({});
  const forTask = (requests.data ?? []).filter((request) => request.tasks.some((t) => t.id === task.id));
  return (
    <Stack gap="xs">
      <Reports reports={reports.data} failed={reports.isError} canVerify={false} />
      <RequestArea task={task} requests={forTask} />
    </Stack>
  );
}

function RequestArea({
  studentId,
  task,
  requests,
}: {
  studentId?: string;
  task: Task;
  requests: Parameters<typeof ReportRequests>[0]['requests'];
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <ReportRequests requests={requests} />
      <Button
        variant="light"
        size="sm"
        leftSection={<IconSend size={18} aria-hidden />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => setAsking(true)}
        aria-label={`Ask a supervisor for a report on ${task.title}`}
      >
        Ask Supervisor
      </Button>
      {asking ? (
        <RequestReportModal
          opened
          onClose={() => setAsking(false)}
          studentId={studentId}
          tasks={[task]}
          initialTaskIds={[task.id]}
        />
      ) : null}
    </>
  );
}
