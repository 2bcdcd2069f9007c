import { Badge, Button, EmptyState, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { countNoun } from '../../../format/count-noun';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import type { AdminClassListItem } from '../admin-types';
import { classDates, statusBadge, statusOf } from './class-dates';
import { ClassFormModal } from './class-form-modal';
import classes from './classes-page.module.css';

/** Issue 19: the admin's classes (cohorts of students taking units together, with their assessors). */
export function ClassesPage() {
  useDocumentTitle('Classes');
  const list = trpc.admin.classes.list.useQuery();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  const createButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
      Create Class
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Classes"
        subtitle="Groups of students taking units together, and the assessors who assess them."
        actions={createButton}
      />
      <ClassFormModal
        opened={creating}
        editing={null}
        onClose={() => setCreating(false)}
        onSaved={(saved) => {
          setCreating(false);
          void navigate({ to: '/admin/classes/$id', params: { id: saved.id } });
        }}
      />

      {list.isError ? (
        <LoadError title="Could not load classes" error={list.error} onRetry={() => void list.refetch()} />
      ) : null}
      {list.isPending ? <ClassesSkeleton /> : null}

      {list.data && list.data.length === 0 ? (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <EmptyState icon={<IconUsersGroup stroke={1.6} aria-hidden />} variant="light">
            <EmptyState.Title order={2}>No classes yet</EmptyState.Title>
            <EmptyState.Description>
              Create a class to enrol students in its units together and choose who assesses them.
            </EmptyState.Description>
            <EmptyState.Actions>{createButton}</EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : null}

      {list.data && list.data.length > 0 ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {countNoun(list.data.length, 'class', 'classes')}
          </Text>
          <div className={classes.list}>
            {list.data.map((row) => (
              <ClassCard key={row.id} row={row} />
            ))}
          </div>
        </Stack>
      ) : null}
    </>
  );
}

function ClassCard({ row }: { row: AdminClassListItem }) {
  const status = statusOf(row);
  const badge = statusBadge[status];
  const dates = classDates(row);
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      className={`${classes.card} ${status === 'archived' ? classes.archived : ''}`}
      renderRoot={(props) => <Link {...props} to="/admin/classes/$id" params={{ id: row.id }} />}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text className={classes.name}>{row.name}</Text>
        {badge ? (
          <Badge color={badge.color} variant="light" style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        ) : null}
      </Group>
      {dates ? (
        <Text size="sm" c="dimmed" mt={4}>
          {dates}
        </Text>
      ) : null}
      <Group gap={6} mt="sm">
        {row.units.map((unit) => (
          <Badge key={unit.id} variant="outline" radius="sm" className={classes.code} title={unit.title}>
            {unit.unitCode}
          </Badge>
        ))}
      </Group>
      <Text size="sm" mt="sm">
        {countNoun(row.studentCount, 'student')} · {countNoun(row.assessorCount, 'assessor')}
      </Text>
    </Paper>
  );
}

function ClassesSkeleton() {
  return (
    <div className={classes.list} role="status" aria-busy="true" aria-label="Loading classes">
      {[0, 1, 2].map((key) => (
        <Paper key={key} withBorder radius="lg" p="md">
          <Skeleton height={18} width="60%" radius="sm" />
          <Skeleton height={12} width="40%" radius="sm" mt={10} />
          <Skeleton height={22} width={90} radius="sm" mt="md" />
        </Paper>
      ))}
    </div>
  );
}
