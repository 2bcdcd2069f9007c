import { auditKindOptions } from '@evident/core/audit';
import { fullName } from '@evident/core/user';
import {
  Button,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { countNoun } from '../../../format/count-noun';
import { dateAndTimeFormat } from '../../../format/date-time';
import { downloadInTabSession } from '../../lti/tab-session-download';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import classes from './audit-page.module.css';

type AuditEvent = {
  id: string;
  createdAt: string;
  label: string;
  action: string;
  actorName: string | null;
  actingAsName: string | null;
  subjectName: string | null;
  detail: Record<string, unknown>;
};

/** One line that says who did what to whom, as whom, from the names the row kept. */
function whoDidIt(event: AuditEvent): string {
  const by = event.actorName ?? (typeof event.detail.email === 'string' ? event.detail.email : 'Someone');
  const asWhom = event.actingAsName ? ` (as ${event.actingAsName})` : '';
  const subject = event.subjectName && event.subjectName !== event.actorName ? ` · ${event.subjectName}` : '';
  return `${by}${asWhom}${subject}`;
}

const fieldNames: Record<string, string> = {
  unitCode: 'code',
  performanceEvidence: 'Performance Evidence',
  evidenceTypes: 'evidence types',
  performanceEvidenceMapping: 'mapping',
};

/** A unit or task row: which unit (and task), and what changed or how many tasks a generation made. */
function curriculumLine(detail: Record<string, unknown>): string | null {
  const { unitCode, title, unitTitle, changed, taskCount, generator, order } = detail;
  if (typeof unitCode !== 'string') return null;
  // A task's row also names its unit's title (`unitTitle`); a unit's row has only its own.
  const what =
    typeof unitTitle === 'string' ? `“${title}” (${unitCode})` : `${unitCode} ${title ?? ''}`.trim();
  if (typeof taskCount === 'number')
    return `${what} · ${countNoun(taskCount, 'task')}${typeof generator === 'string' ? ` by ${generator}` : ''}`;
  if (Array.isArray(changed) && changed.length > 0)
    return `${what} · changed ${changed.map((field) => fieldNames[String(field)] ?? String(field)).join(', ')}`;
  if (Array.isArray(order)) return `${what} · ${countNoun(order.length, 'task')} in a new order`;
  return what;
}

function extra(event: AuditEvent): string | null {
  const curriculum = curriculumLine(event.detail);
  if (curriculum) return curriculum;
  const { reason, from, to, status, fileName, method, className, via } = event.detail;
  if (typeof reason === 'string') return `Reason: ${reason}`;
  if (typeof from === 'string' && typeof to === 'string') return `${from} → ${to}`;
  if (typeof status === 'string') return status.replaceAll('_', ' ');
  if (typeof fileName === 'string') return fileName;
  if (typeof method === 'string') return `By ${method === 'oidc' ? 'single sign-on' : method}`;
  if (typeof className === 'string')
    return typeof via === 'string' ? `${className} (by ${via.replaceAll('-', ' ')})` : className;
  return null;
}

/** The audit trail for admins (/admin/audit): filter by person, kind and date; paged; CSV export. */
export function AuditPage() {
  useDocumentTitle('Audit');
  const [personSearch, setPersonSearch] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const deferredPerson = useDeferredValue(personSearch.trim());
  const people = trpc.admin.users.search.useQuery(
    { search: deferredPerson || undefined, page: 1 },
    { placeholderData: keepPreviousData },
  );
  const filters = {
    userId: userId ?? undefined,
    kind: kind ?? undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const audit = trpc.admin.audit.list.useQuery({ ...filters, page }, { placeholderData: keepPreviousData });
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize)) : 1;
  const exportParams = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const personOptions = (people.data?.users ?? []).map((person) => ({
    value: person.id,
    label: `${fullName(person)} (${person.email})`,
  }));
  const reset =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <>
      <PageHeader
        title="Audit"
        subtitle="Every sign-in, role change, approval, decision and change to units and tasks, newest first."
        actions={
          <Button
            component="a"
            href={`/api/admin/audit.csv?${exportParams}`}
            onClick={downloadInTabSession}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export CSV
          </Button>
        }
      />
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Person"
            placeholder="Anyone"
            searchable
            clearable
            data={personOptions}
            value={userId}
            onChange={reset(setUserId)}
            searchValue={personSearch}
            onSearchChange={setPersonSearch}
            nothingFoundMessage="No one matches"
            filter={({ options }) => options}
            w={{ base: '100%', sm: 280 }}
          />
          <Select
            label="Kind"
            placeholder="Every kind"
            clearable
            searchable
            data={auditKindOptions(audit.data?.kinds)}
            nothingFoundMessage="No kind matches"
            value={kind}
            onChange={reset(setKind)}
            w={{ base: '100%', sm: 220 }}
          />
          <TextInput
            label="From"
            type="date"
            value={from}
            onChange={(e) => reset(setFrom)(e.currentTarget.value)}
            w={160}
          />
          <TextInput
            label="To"
            type="date"
            value={to}
            onChange={(e) => reset(setTo)(e.currentTarget.value)}
            w={160}
          />
        </Group>

        {audit.isError ? (
          <LoadError
            title="Could not load the audit trail"
            error={audit.error}
            onRetry={() => void audit.refetch()}
          />
        ) : null}
        {audit.isPending ? (
          <Paper
            withBorder
            radius="lg"
            p="md"
            role="status"
            aria-busy="true"
            aria-label="Loading the audit trail"
          >
            <Stack gap="sm">
              {[0, 1, 2, 3].map((key) => (
                <Skeleton key={key} height={14} radius="sm" />
              ))}
            </Stack>
          </Paper>
        ) : null}
        {audit.data && audit.data.events.length === 0 ? (
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <EmptyState icon={<IconShieldCheck stroke={1.6} aria-hidden />} variant="light">
              <EmptyState.Title order={2}>No events found</EmptyState.Title>
            </EmptyState>
          </Paper>
        ) : null}
        {audit.data && audit.data.events.length > 0 ? (
          <Paper withBorder radius="lg" component="ul" className={classes.list} aria-label="Audit events">
            {audit.data.events.map((event) => (
              <li key={event.id} className={classes.row}>
                <Text size="sm" c="dimmed">
                  <time dateTime={event.createdAt}>
                    {dateAndTimeFormat().format(new Date(event.createdAt))}
                  </time>
                </Text>
                <div>
                  <Text size="sm" fw={600}>
                    {event.label}
                  </Text>
                  <Text size="sm" className={classes.wrap}>
                    {whoDidIt(event)}
                  </Text>
                  {extra(event) ? (
                    <Text size="xs" c="dimmed" className={classes.wrap}>
                      {extra(event)}
                    </Text>
                  ) : null}
                </div>
              </li>
            ))}
          </Paper>
        ) : null}
        {audit.data && audit.data.total > 0 ? (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              {countNoun(audit.data.total, 'event')}
            </Text>
            {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" /> : null}
          </Group>
        ) : null}
      </Stack>
    </>
  );
}
