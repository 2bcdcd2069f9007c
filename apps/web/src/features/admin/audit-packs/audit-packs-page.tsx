import type { AppRouter } from '@evident/api/root';
import {
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconPackage } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { trpc } from '../../../data-layer/trpc-client';
import { countNoun } from '../../../format/count-noun';
import { errorMessage } from '../../toast/error-message';
import { toastError } from '../../toast/toast';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import { AuditPackForm } from './audit-pack-form';

type Pack = inferRouterOutputs<AppRouter>['admin']['auditPacks']['list'][number];

const statusBadge = {
  queued: { label: 'Waiting', color: 'gray' },
  building: { label: 'Building', color: 'blue' },
  ready: { label: 'Ready', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  disposed: { label: 'Disposed of', color: 'gray' },
} as const;

const when = (date: string) =>
  new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(date));

function megabytes(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function PackRow({ pack }: { pack: Pack }) {
  const download = trpc.admin.auditPacks.issueDownloadLink.useMutation({
    // A fresh signed link each time: the one the server hands out expires, and each is audited.
    onSuccess: (ready) => {
      if (ready.downloadUrl) window.location.assign(ready.downloadUrl);
    },
    onError: (error) => toastError('Could not download the pack', errorMessage(error, 'Please try again')),
  });
  const badge = statusBadge[pack.status];
  const who =
    pack.sampleSize !== null
      ? `ASQA sample of ${pack.sampleSize}`
      : countNoun(pack.studentCount, 'chosen student');
  return (
    <Paper withBorder radius="md" p="md" data-testid="audit-pack">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs">
            <Text fw={600}>
              {pack.unitCode} {pack.unitTitle}
            </Text>
            <Badge color={badge.color} variant="light">
              {badge.label}
            </Badge>
          </Group>
          <Text size="sm">{who}</Text>
          <Text size="sm" c="dimmed">
            Asked for {when(pack.createdAt)}
            {pack.requestedByName ? ` by ${pack.requestedByName}` : ''}
            {pack.status === 'ready' && pack.fileCount !== null
              ? ` · ${countNoun(pack.fileCount, 'file')}, ${megabytes(pack.sizeBytes)}`
              : ''}
          </Text>
        </Stack>
        {pack.status === 'ready' ? (
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            aria-label={`Download the audit pack for ${pack.unitCode} asked for ${when(pack.createdAt)}`}
            onClick={() => download.mutate({ id: pack.id })}
          >
            Download
          </Button>
        ) : null}
      </Group>
      {pack.status === 'queued' || pack.status === 'building' ? (
        <Progress
          mt="sm"
          value={pack.progress}
          animated
          aria-label={`Audit pack for ${pack.unitCode}: ${pack.progress}% built`}
        />
      ) : null}
      {pack.disposedAt ? (
        <Text size="sm" mt="xs" data-testid="audit-pack-disposed">
          Disposed of on {when(pack.disposedAt)}, with the records it held: they were past their retention
          period.
        </Text>
      ) : null}
      {pack.error ? (
        <Text size="sm" mt="xs" c="red.8">
          {pack.status === 'failed' ? 'Could not be built: ' : 'Trying again after: '}
          {pack.error}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * Audit packs (/admin/audit-packs, issue 30 §3): ask for a unit's pack, an ASQA sample or chosen
 * students, watch it build, and download the zip. The list is read again every few seconds while a
 * pack is building.
 */
export function AuditPacksPage() {
  useDocumentTitle('Audit packs');
  const packs = trpc.admin.auditPacks.list.useQuery(undefined, {
    refetchInterval: (query) =>
      query.state.data?.some((pack) => pack.status === 'queued' || pack.status === 'building') ? 2000 : false,
  });
  return (
    <>
      <PageHeader
        title="Audit packs"
        subtitle="One zip of a unit's assessment records for an auditor: the files, declarations, decisions, outcomes and a manifest of every file's SHA-256."
      />
      <Stack gap="lg">
        <AuditPackForm />
        <Stack gap="sm" component="section" aria-labelledby="packs-heading">
          <Title order={2} fz="lg" id="packs-heading">
            Packs
          </Title>
          {packs.isError ? (
            <LoadError
              title="Could not load the packs"
              error={packs.error}
              onRetry={() => void packs.refetch()}
            />
          ) : null}
          {packs.isPending ? <Skeleton height={96} radius="md" aria-label="Loading" /> : null}
          {packs.data && packs.data.length === 0 ? (
            <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
              <EmptyState icon={<IconPackage stroke={1.6} aria-hidden />} variant="light">
                <EmptyState.Title order={3}>No audit packs yet</EmptyState.Title>
                <EmptyState.Description>
                  Packs you make appear here with their progress, ready to download.
                </EmptyState.Description>
              </EmptyState>
            </Paper>
          ) : null}
          <div aria-live="polite">
            <Stack gap="sm">
              {(packs.data ?? []).map((pack) => (
                <PackRow key={pack.id} pack={pack} />
              ))}
            </Stack>
          </div>
        </Stack>
      </Stack>
    </>
  );
}
