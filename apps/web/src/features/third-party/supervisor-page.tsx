import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { TRPCClientError } from '@trpc/client';
import { trpc } from '../../data-layer/trpc-client';
import { PublicPage } from '../shell/public-page';
import { errorMessage } from '../toast/error-message';
import { useDocumentTitle } from '../widgets/document-title';
import { SupervisorReportForm } from './supervisor-report-form';

/** A link that admits nobody: forged (404), or expired, revoked or spent (410, sent over tRPC as 412). */
const refusedCodes = new Set(['NOT_FOUND', 'PRECONDITION_FAILED', 'TOO_MANY_REQUESTS']);

/**
 * The supervisor's page (issue 30 §1), phone first and without sign-in: who asks and why, the
 * student, each task with what it must show, then the report. A link that no longer works gets a
 * page saying why, never an error screen.
 */
export function SupervisorPage({ token }: { token: string }) {
  useDocumentTitle('Workplace supervisor report');
  const page = trpc.thirdParty.supervisorReports.get.useQuery(
    { token },
    { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );
  const record = trpc.thirdParty.supervisorReports.record.useMutation();
  const refused =
    page.error instanceof TRPCClientError && refusedCodes.has(String(page.error.data?.code ?? ''));
  return (
    <PublicPage size="sm">
      {record.isSuccess ? (
        <Outcome
          title="Report sent"
          text="Thank you. Your report is with the student's assessor, who may call you to confirm it. This link has now been used and cannot be opened again."
        />
      ) : page.data ? (
        <SupervisorReportForm token={token} page={page.data} record={record} />
      ) : page.error ? (
        <Outcome
          failed
          title={refused ? 'This link no longer works' : 'The report could not be loaded'}
          text={errorMessage(page.error, 'Please check your connection and open the link again.')}
        />
      ) : (
        <Text c="dimmed" role="status" ta="center" py="xl">
          Loading the report…
        </Text>
      )}
    </PublicPage>
  );
}

function Outcome({ title, text, failed = false }: { title: string; text: string; failed?: boolean }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={480} mx="auto">
      <Stack gap="md" align="center" ta="center" role={failed ? 'alert' : 'status'}>
        <ThemeIcon size={56} radius="xl" variant="light" color={failed ? 'red' : undefined}>
          {failed ? (
            <IconLinkOff size={30} stroke={1.6} aria-hidden />
          ) : (
            <IconCircleCheck size={30} stroke={1.6} aria-hidden />
          )}
        </ThemeIcon>
        <Title order={1} fz={24}>
          {title}
        </Title>
        <Text>{text}</Text>
      </Stack>
    </Paper>
  );
}
