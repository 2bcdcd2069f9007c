import { type Role, roleLabels } from '@evident/core/roles';
import { fullName, initials } from '@evident/core/user';
import { Avatar, Badge, Button, EmptyState, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconLogin2, IconUsers } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { countNoun } from '../../../count-noun';
import { trpc } from '../../../trpc';
import { confirmAction } from '../../dialog/confirm';
import { SearchField } from '../../search/search-field';
import { useDocumentTitle } from '../../shell/document-title';
import { LoadError } from '../../shell/load-error';
import { PageHeader } from '../../shell/page-header';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import type { AdminUser } from '../admin-types';
import { ApproveAssessorButton } from './approve-assessor-button';
import classes from './users-page.module.css';

const roleColors: Record<Role, string> = { rto_admin: 'grape', assessor: 'blue', student: 'teal' };

/** Spec section 2, Users Management (/admin/users). */
export function UsersPage() {
  useDocumentTitle('Users');
  const users = trpc.admin.users.useQuery();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const matches = useMemo(() => filterUsers(users.data ?? [], deferredQuery), [users.data, deferredQuery]);

  const impersonate = trpc.admin.impersonate.useMutation({
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
      <PageHeader title="Users Management" subtitle="Everyone with an account at your RTO." />

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

      {users.data ? (
        <Stack gap="md">
          {users.data.length > 0 ? (
            <SearchField
              label="Search users"
              placeholder="Search by name or email"
              value={query}
              onChange={setQuery}
              resultCount={matches.length}
              formatResultCount={(count) => (count === 0 ? 'No users found' : countNoun(count, 'user'))}
              maw={480}
            />
          ) : null}

          {matches.length === 0 ? (
            <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
              <EmptyState icon={<IconUsers stroke={1.6} aria-hidden />} variant="light">
                <EmptyState.Title order={2}>No users found</EmptyState.Title>
                {deferredQuery.trim() ? (
                  <EmptyState.Description>
                    No name or email matches “{deferredQuery.trim()}”.
                  </EmptyState.Description>
                ) : null}
              </EmptyState>
            </Paper>
          ) : (
            <Paper withBorder radius="lg" component="ul" className={classes.list} aria-label="Users">
              {matches.map((user) => (
                <li key={user.id} className={classes.row}>
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
                    <ApproveAssessorButton user={user} />
                    {user.role === 'rto_admin' ? null : (
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
                  </div>
                </li>
              ))}
            </Paper>
          )}
        </Stack>
      ) : null}
    </>
  );
}

function filterUsers(users: readonly AdminUser[], query: string): readonly AdminUser[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return users;
  return users.filter((user) => `${fullName(user)}\n${user.email}`.toLowerCase().includes(needle));
}
