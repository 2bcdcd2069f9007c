import { type UserStatus, userStatusLabels } from '@evident/core/people';
import { type Role, roleLabels } from '@evident/core/roles';
import { fullName, initials } from '@evident/core/user';
import {
  Avatar,
  Badge,
  Box,
  Button,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconLogin2, IconUsers } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { countNoun } from '../../../format/count-noun';
import { confirmAction } from '../../dialog/confirm';
import { SearchField } from '../../search/search-field';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import type { AdminUser } from '../admin-types';
import { AddValidatorButton } from './add-validator-button';
import { ApproveAssessorButton } from './approve-assessor-button';
import { PersonActions } from './person-actions';
import classes from './users-page.module.css';

const roleColors: Record<Role, string> = {
  rto_admin: 'grape',
  assessor: 'blue',
  student: 'teal',
  validator: 'orange',
};
const roleOptions = (['student', 'assessor', 'validator', 'rto_admin'] as const).map((value) => ({
  value,
  label: roleLabels[value],
}));
const statusOptions = (['active', 'awaiting_approval', 'deactivated'] as const).map((value) => ({
  value,
  label: userStatusLabels[value],
}));

/**
 * Spec section 2, Users Management (/admin/users), searched, filtered and paged on the server so it
 * stays quick at thousands of people.
 */
export function UsersPage() {
  useDocumentTitle('Users');
  const me = trpc.auth.session.get.useQuery().data;
  const [query, setQuery] = useState('');
  const [role, setRole] = useState<Role | null>(null);
  const [status, setStatus] = useState<UserStatus | null>(null);
  const [page, setPage] = useState(1);
  const search = useDeferredValue(query.trim());
  const users = trpc.admin.users.search.useQuery(
    { search: search || undefined, role: role ?? undefined, status: status ?? undefined, page },
    { placeholderData: keepPreviousData },
  );
  const filtered = Boolean(search || role || status);
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;

  const impersonate = trpc.admin.impersonation.start.useMutation({
    onSuccess: () => {
      toastSuccess('Switched user');
      // A full reload at /: every cached screen belongs to the admin, not to the person now viewed.
      window.location.assign('/');
    },
    onError: (error) => toastError('Failed to switch user', errorMessage(error, 'Please try again')),
  });

  function logInAs(user: AdminUser) {
    const name = fullName(user);
    confirmAction({
      title: 'Log in as another user',
      message: `Log in as ${name}? You will be viewing the app as this user.`,
      confirmLabel: 'Switch user',
      onConfirm: () => impersonate.mutate({ userId: user.id }),
    });
  }

  return (
    <>
      <PageHeader
        title="Users Management"
        subtitle="Everyone with an account at your RTO."
        actions={<AddValidatorButton />}
      />

      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Box w={{ base: '100%', xs: 320 }}>
            <SearchField
              label="Search users"
              placeholder="Search by name or email"
              value={query}
              onChange={(value) => {
                setQuery(value);
                setPage(1);
              }}
              resultCount={users.data?.total}
              formatResultCount={(count) => (count === 0 ? 'No users found' : countNoun(count, 'user'))}
            />
          </Box>
          <Select
            label="Role"
            placeholder="All roles"
            data={roleOptions}
            value={role}
            onChange={(value) => {
              setRole(value as Role | null);
              setPage(1);
            }}
            clearable
            w={{ base: '100%', xs: 160 }}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            data={statusOptions}
            value={status}
            onChange={(value) => {
              setStatus(value as UserStatus | null);
              setPage(1);
            }}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        </Group>

        {users.isError ? (
          <LoadError title="Could not load users" error={users.error} onRetry={() => void users.refetch()} />
        ) : null}

        {users.isPending ? (
          <Paper withBorder radius="lg" role="status" aria-busy="true" aria-label="Loading users">
            {[0, 1, 2, 3].map((key) => (
              <div key={key} className={classes.row}>
                <Skeleton circle height={40} />
                <Stack gap={6} className={classes.person}>
                  <Skeleton height={14} width="40%" radius="sm" />
                  <Skeleton height={12} width="60%" radius="sm" />
                </Stack>
              </div>
            ))}
          </Paper>
        ) : null}

        {users.data && users.data.users.length === 0 ? (
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <EmptyState icon={<IconUsers stroke={1.6} aria-hidden />} variant="light">
              <EmptyState.Title order={2}>No users found</EmptyState.Title>
              {filtered ? (
                <EmptyState.Description>
                  {search ? `No name or email matches “${search}”.` : 'No one matches these filters.'}
                </EmptyState.Description>
              ) : null}
            </EmptyState>
          </Paper>
        ) : null}

        {users.data && users.data.users.length > 0 ? (
          <Paper withBorder radius="lg" component="ul" className={classes.list} aria-label="Users">
            {users.data.users.map((user) => (
              <li key={user.id} className={classes.row} data-status={user.status}>
                <Avatar src={user.profileImageUrl} alt="" radius="xl" color="teal" size={40}>
                  {initials(user)}
                </Avatar>
                <div className={classes.person}>
                  <Text fw={600} size="sm" className={classes.wrap}>
                    {fullName(user)}
                  </Text>
                  <Text size="sm" c="dimmed" className={classes.wrap}>
                    {user.email}
                  </Text>
                </div>
                <div className={classes.end}>
                  <Badge variant="light" color={roleColors[user.role]}>
                    {roleLabels[user.role]}
                  </Badge>
                  {user.status === 'deactivated' ? (
                    <Badge variant="outline" color="gray">
                      Deactivated
                    </Badge>
                  ) : (
                    <ApproveAssessorButton user={user} />
                  )}
                  {user.role === 'rto_admin' || user.status === 'deactivated' ? null : (
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconLogin2 size={16} aria-hidden />}
                      loading={impersonate.isPending && impersonate.variables?.userId === user.id}
                      disabled={impersonate.isPending}
                      aria-label={`Log in as ${fullName(user)}`}
                      onClick={() => logInAs(user)}
                    >
                      Log in as
                    </Button>
                  )}
                  <PersonActions
                    user={user}
                    isSelf={me?.originalUser?.id === user.id || me?.id === user.id}
                  />
                </div>
              </li>
            ))}
          </Paper>
        ) : null}

        {users.data && pages > 1 ? (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              {countNoun(users.data.total, 'user')}
            </Text>
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : undefined,
              })}
            />
          </Group>
        ) : null}
      </Stack>
    </>
  );
}
