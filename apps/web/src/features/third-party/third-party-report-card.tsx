import type { AppRouter } from '@evident/api/root';
import { Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { DateTimeText, dateAndTime } from '../../format/date-time';
import { VerifyReportForm } from './verify-report-form';

export type ThirdPartyReportView = inferRouterOutputs<AppRouter>['thirdParty']['reports']['list'][number];

/** A calendar day as written (`2026-03-02` -> `2 Mar 2026`), in UTC so no zone moves it. */
export function formatDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

/**
 * A supervisor's report as evidence (issue 30 §1), always under its label 'Third-party report
 * (supplementary)': who wrote it and how they know the student, each task's answer, the signed
 * declaration, and how the assessor verified it. Every text is rendered as text, never as markup.
 */
export function ThirdPartyReportCard({
  report,
  canVerify = false,
}: {
  report: ThirdPartyReportView;
  canVerify?: boolean;
}) {
  const [verifying, setVerifying] = useState(false);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={`${report.label} by ${report.supervisorName}`}
      data-testid="third-party-report"
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconUserCheck size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2} miw={0}>
            <Badge variant="light" color="grape" radius="sm" tt="none" style={{ alignSelf: 'flex-start' }}>
              {report.label}
            </Badge>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {report.supervisorName}, {report.supervisorRole} at {report.workplace}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {report.relationship} · supervised the student for {report.supervisedFor}
            </Text>
          </Stack>
        </Group>
        <List size="sm" spacing={4}>
          {report.items.map((item) => (
            <List.Item key={item.taskId}>
              <Text size="sm" span fw={600}>
                {item.taskTitle}:
              </Text>{' '}
              <Text size="sm" span>
                {item.observed ? `Observed ${item.dates.map(formatDay).join(', ')}` : 'Not observed'}
              </Text>
              {item.comment ? (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {item.comment}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          Experience: {report.experience}
        </Text>
        <Text size="xs" c="dimmed">
          Signed {report.signedName} under declaration version {report.declarationVersion},{' '}
          <DateTimeText value={report.submittedAt} options={dateAndTime} />
        </Text>
        {report.verifications.length > 0 ? (
          <Stack gap={2} data-testid="third-party-verifications">
            {report.verifications.map((check) => (
              <Text size="xs" key={check.id} style={{ overflowWrap: 'anywhere' }}>
                Verified by {check.assessorName ?? 'a former assessor'} ({check.method},{' '}
                {formatDay(check.verifiedOn)}){check.note ? `: ${check.note}` : ''}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="xs" c="orange.8">
            Not verified yet
          </Text>
        )}
        {canVerify ? (
          <>
            <Button
              variant="subtle"
              size="compact-sm"
              style={{ alignSelf: 'flex-start' }}
              aria-expanded={verifying}
              onClick={() => setVerifying((open) => !open)}
            >
              {verifying ? 'Cancel' : 'Record Verification'}
            </Button>
            {verifying ? <VerifyReportForm reportId={report.id} onDone={() => setVerifying(false)} /> : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
