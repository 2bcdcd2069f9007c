import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFolderOpen, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../toast/error-message';
import { EvidenceFileItem } from './evidence-file-item';
import type { EvidenceFileView } from './evidence-outputs';
import classes from './evidence-viewer.module.css';

/** Fetch fresh links a minute before the signed ones run out, so a preview never points at a dead URL. */
const linkMarginMs = 60_000;

/** How long a submission's files stay fresh: until the first of their signed links is about to run out. */
export function staleUntilLinksExpire(files: readonly Pick<EvidenceFileView, 'urlsExpireAt'>[]): number {
  const expiries = files.map((file) => Date.parse(file.urlsExpireAt) - Date.now() - linkMarginMs);
  return expiries.length === 0 ? Number.POSITIVE_INFINITY : Math.max(0, Math.min(...expiries));
}

type ShownSubmission<F extends EvidenceFileView> = {
  assessorComment: string | null;
  strategiesForReassessment: string | null;
  files: F[];
};

type SubmissionEvidenceProps<F extends EvidenceFileView> = {
  submission: ShownSubmission<F> | null;
  /** What the empty state says to whoever is looking. */
  emptyText: string;
  emptyTestId?: string;
  /** A control shown with each file (the student's Withdraw), if any. */
  actionFor?: (file: F) => ReactNode;
};

/** A submission as the student and the assessors see it: the feedback it got, then its files. */
export function SubmissionEvidence<F extends EvidenceFileView>({
  submission,
  emptyText,
  emptyTestId,
  actionFor,
}: SubmissionEvidenceProps<F>) {
  return (
    <>
      {submission?.assessorComment ? (
        <Feedback title="Assessor comment" text={submission.assessorComment} />
      ) : null}
      {submission?.strategiesForReassessment ? (
        <Feedback title="Strategies for reassessment" text={submission.strategiesForReassessment} />
      ) : null}
      {submission && submission.files.length > 0 ? (
        <ul className={classes.list} aria-label="Evidence files">
          {submission.files.map((file) => (
            <EvidenceFileItem key={file.id} file={file} action={actionFor?.(file)} />
          ))}
        </ul>
      ) : (
        <Stack align="center" gap={4} py="xl" data-testid={emptyTestId}>
          <IconFolderOpen size={32} stroke={1.5} aria-hidden />
          <Text fw={600}>No evidence yet</Text>
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        </Stack>
      )}
    </>
  );
}

/** A submission that did not load: the server's reason and a way to try again. */
export function SubmissionLoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error, 'Please check your connection and try again.')}</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
        >
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

function Feedback({ title, text }: { title: string; text: string }) {
  return (
    <Alert variant="light" color="gray" radius="md" title={title}>
      <Text size="sm" className={classes.feedback}>
        {text}
      </Text>
    </Alert>
  );
}
