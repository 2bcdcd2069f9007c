import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArchive, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { confirmAction } from '../../dialog/confirm';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import { BackLink } from '../../widgets/back-link';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import type { AdminClass } from '../admin-types';
import { ClassAssessorsSection } from './class-assessors-section';
import { classDates, statusBadge } from './class-dates';
import { ClassFormModal } from './class-form-modal';
import { ClassSection } from './class-section';
import { ClassStudentsSection } from './class-students-section';
import classes from './classes-page.module.css';
import { InviteLinkSection } from './invite-link-section';
import { useClassSaved } from './use-class-saved';

/** One class: its units, invitation link, assessors and students (current and ended). */
export function ClassDetailPage({ classId }: { classId: string }) {
  const query = trpc.admin.classes.get.useQuery({ id: classId });
  useDocumentTitle(query.data ? query.data.name : 'Class');
  return (
    <>
      <BackLink to="/admin/classes">Back to Classes</BackLink>
      {query.isError ? (
        <LoadError
          title="Could not load the class"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.isPending ? <DetailSkeleton /> : null}
      {query.data ? <ClassDetail row={query.data} /> : null}
    </>
  );
}

function ClassDetail({ row }: { row: AdminClass }) {
  const [editing, setEditing] = useState(false);
  const saved = useClassSaved();
  const archive = trpc.admin.classes.delete.useMutation({
    onSuccess: async (result) => {
      toastSuccess('Class archived', `${result.name} is closed; its enrolments stay on record`);
      await saved(result);
    },
    onError: (error) => toastError('Archive failed', errorMessage(error, 'Could not archive the class')),
  });
  const archived = row.status === 'archived';
  const badge = statusBadge[row.status];
  const dates = classDates(row);

  const actions = archived ? null : (
    <>
      <Button
        variant="default"
        leftSection={<IconPencil size={18} aria-hidden />}
        onClick={() => setEditing(true)}
      >
        Edit
      </Button>
      <Button
        variant="default"
        color="red"
        leftSection={<IconArchive size={18} aria-hidden />}
        loading={archive.isPending}
        onClick={() =>
          confirmAction({
            title: 'Archive class',
            message: `Archive ${row.name}?`,
            detail:
              'Its invitation link stops working and it takes no new students. Its enrolments, units and evidence stay on record.',
            confirmLabel: 'Archive',
            destructive: true,
            onConfirm: () => archive.mutate({ id: row.id }),
          })
        }
      >
        Archive
      </Button>
    </>
  );

  return (
    <>
      <PageHeader
        title={row.name}
        subtitle={[dates, badge ? badge.label : null].filter(Boolean).join(' · ') || undefined}
        actions={actions}
      />
      <ClassFormModal
        opened={editing}
        editing={row}
        onClose={() => setEditing(false)}
        onSaved={() => setEditing(false)}
      />
      <Stack gap="lg">
        <ClassSection id="class-units" title="Units">
          <Stack gap={6}>
            {row.units.map((unit) => (
              <Group key={unit.id} gap="xs" wrap="nowrap" align="baseline">
                <span
                  className={classes.code}
                  style={{ flexShrink: 0, fontSize: 'var(--mantine-font-size-sm)' }}
                >
                  {unit.unitCode}
                </span>
                <Text size="sm">{unit.title}</Text>
                {unit.archived ? (
                  <Badge color="gray" variant="light" size="sm">
                    Archived
                  </Badge>
                ) : null}
              </Group>
            ))}
          </Stack>
        </ClassSection>
        {archived ? null : <InviteLinkSection row={row} />}
        <ClassAssessorsSection row={row} />
        <ClassStudentsSection row={row} />
      </Stack>
    </>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the class">
      <Skeleton height={32} width="50%" radius="sm" />
      {[0, 1, 2].map((key) => (
        <Paper key={key} withBorder radius="lg" p="lg">
          <Skeleton height={18} width={120} radius="sm" />
          <Skeleton height={12} width="70%" radius="sm" mt="md" />
        </Paper>
      ))}
    </Stack>
  );
}
