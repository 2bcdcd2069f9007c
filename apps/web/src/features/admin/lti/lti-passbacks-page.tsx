import { Badge, Button, EmptyState, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { trpc } from '../../../data-layer/trpc-client';
import { dateAndTimeFormat } from '../../../format/date-time';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import { BackLink } from '../../widgets/back-link';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import classes from './lti-admin.module.css';

const statusLabel = { queued: 'Waiting', running: 'Sending', failed: 'Failed' } as const;
const statusColor = { queued: 'yellow', running: 'blue', failed: 'red' } as const;

/**
 * Grade passbacks (/admin/lti/passbacks): scores for the LMS gradebook still waiting to go, or given
 * up on, with the platform's last answer; a retry sends one again now.
 */
export function LtiPassbacksPage() {
  useDocumentTitle('Grade passbacks');
  const utils = trpc.useUtils();
  // Waiting ones change on their own as the worker retries: look again every half minute.
  const passbacks = trpc.admin.ltiPassbacks.list.useQuery(undefined, { refetchInterval: 30_000 });
  const retry = trpc.admin.ltiPassbacks.retry.useMutation({
    onSuccess: async () => {
      toastSuccess('Passback queued', 'It is sent again now');
      await utils.admin.ltiPassbacks.list.invalidate();
    },
    onError: async (error) => {
      toastError('Could not retry', errorMessage(error, 'Please try again'));
      await utils.admin.ltiPassbacks.list.invalidate();
    },
  });

  return (
    <>
      <BackLink to="/admin/lti">Back to LTI Platforms</BackLink>
      <PageHeader
        title="Grade passbacks"
        subtitle="Scores for LMS gradebooks that are still waiting to be sent, or that failed."
      />
      <Stack gap="md">
        {passbacks.isError ? (
          <LoadError
            title="Could not load grade passbacks"
            error={passbacks.error}
            onRetry={() => void passbacks.refetch()}
          />
        ) : null}
        {passbacks.isPending ? (
          <Paper withBorder radius="lg" role="status" aria-busy="true" aria-label="Loading grade passbacks">
            {[0, 1].map((key) => (
              <div key={key} className={classes.row}>
                <Stack gap={6}>
                  <Skeleton height={14} width="40%" radius="sm" />
                  <Skeleton height={12} width="80%" radius="sm" />
                </Stack>
              </div>
            ))}
          </Paper>
        ) : null}
        {passbacks.data?.length === 0 ? (
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <EmptyState icon={<IconCircleCheck stroke={1.6} aria-hidden />} variant="light">
              <EmptyState.Title order={2}>Nothing waiting</EmptyState.Title>
              <EmptyState.Description>Every score has reached its gradebook.</EmptyState.Description>
            </EmptyState>
          </Paper>
        ) : null}
        {passbacks.data && passbacks.data.length > 0 ? (
          <Paper withBorder radius="lg" component="ul" className={classes.list} aria-label="Grade passbacks">
            {passbacks.data.map((passback) => {
              const who = passback.studentName ?? 'A person no longer in Evident';
              const where = [passback.unitCode, passback.linkTitle].filter(Boolean).join(' · ');
              return (
                <li key={passback.id} className={classes.row}>
                  <div className={classes.main}>
                    <Text fw={600} size="sm" className={classes.wrap}>
                      {who}
                      {where ? ` · ${where}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed" className={classes.wrap}>
                      {passback.issuer ?? 'Platform removed'} · queued{' '}
                      {dateAndTimeFormat().format(new Date(passback.createdAt))}
                      {' · '}
                      attempt {passback.attempts} of {passback.maxAttempts}
                      {passback.nextAttemptAt
                        ? ` · next try ${dateAndTimeFormat().format(new Date(passback.nextAttemptAt))}`
                        : ''}
                    </Text>
                    {passback.lastError ? (
                      <Text size="sm" c="red" className={classes.wrap}>
                        {passback.lastError}
                      </Text>
                    ) : null}
                  </div>
                  <div className={classes.end}>
                    <Badge variant="light" color={statusColor[passback.status as keyof typeof statusColor]}>
                      {statusLabel[passback.status as keyof typeof statusLabel] ?? passback.status}
                    </Badge>
                    {passback.status === 'running' ? null : (
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconRefresh size={16} aria-hidden />}
                        aria-label={`Retry the passback for ${who}`}
                        loading={retry.isPending && retry.variables?.id === passback.id}
                        onClick={() => retry.mutate({ id: passback.id })}
                      >
                        Retry now
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </Paper>
        ) : null}
      </Stack>
    </>
  );
}
