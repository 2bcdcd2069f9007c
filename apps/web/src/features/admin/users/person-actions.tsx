import { fullName } from '@evident/core/user';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCertificate,
  IconDots,
  IconKey,
  IconSchool,
  IconUserCheck,
  IconUserOff,
  IconUserShield,
} from '@tabler/icons-react';
import { trpc } from '../../../data-layer/trpc-client';
import { confirmAction } from '../../dialog/confirm';
import { invalidateFor } from '../../live/event-invalidations';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import type { AdminUser } from '../admin-types';

/**
 * A person's row menu in Users Management: change role (student <-> assessor), deactivate or
 * reactivate, and their API tokens. Each change asks first and answers with a toast.
 */
export function PersonActions({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const name = fullName(user);
  const done = async (title: string, message: string) => {
    toastSuccess(title, message);
    await invalidateFor({ type: 'user.changed', userId: user.id });
  };
  const changeRole = trpc.admin.users.changeRole.useMutation({
    onSuccess: (result) =>
      done('Role changed', `${name} is now ${result.role === 'assessor' ? 'an assessor' : 'a student'}`),
    onError: (error) => toastError('Role change failed', errorMessage(error, 'Please try again')),
  });
  const deactivate = trpc.admin.users.deactivate.useMutation({
    onSuccess: () => done('User deactivated', `${name} can no longer sign in`),
    onError: (error) => toastError('Deactivation failed', errorMessage(error, 'Please try again')),
  });
  const reactivate = trpc.admin.users.reactivate.useMutation({
    onSuccess: () => done('User reactivated', `${name} can sign in again`),
    onError: (error) => toastError('Reactivation failed', errorMessage(error, 'Please try again')),
  });
  const busy = changeRole.isPending || deactivate.isPending || reactivate.isPending;
  const deactivated = user.status === 'deactivated';
  // A validator who starts assessing becomes an assessor; an assessor steps back to student.
  const otherRole = user.role === 'assessor' ? 'student' : 'assessor';

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="md" loading={busy} aria-label={`More actions for ${name}`}>
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {user.role === 'rto_admin' ? null : (
          <Menu.Item
            leftSection={otherRole === 'assessor' ? <IconUserShield size={16} /> : <IconSchool size={16} />}
            onClick={() =>
              confirmAction({
                title: 'Change role',
                message: `Make ${name} ${otherRole === 'assessor' ? 'an assessor' : 'a student'}?`,
                detail:
                  otherRole === 'assessor'
                    ? 'They will be able to see and grade every student’s evidence.'
                    : 'They will no longer see or grade other students’ evidence.',
                confirmLabel: 'Change role',
                onConfirm: () => changeRole.mutate({ userId: user.id, role: otherRole }),
              })
            }
          >
            {otherRole === 'assessor' ? 'Make assessor' : 'Make student'}
          </Menu.Item>
        )}
        {/* A plain link: the tokens screen is its own route (issue 16, section 2). */}
        <Menu.Item leftSection={<IconKey size={16} />} component="a" href={`/admin/users/${user.id}/tokens`}>
          API tokens
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCertificate size={16} />}
          component="a"
          href={`/admin/users/${user.id}/credentials`}
        >
          Credentials
        </Menu.Item>
        {isSelf ? null : deactivated ? (
          <Menu.Item
            leftSection={<IconUserCheck size={16} />}
            onClick={() =>
              confirmAction({
                title: 'Reactivate user',
                message: `Reactivate ${name}?`,
                detail: 'They will be able to sign in again.',
                confirmLabel: 'Reactivate',
                onConfirm: () => reactivate.mutate({ userId: user.id }),
              })
            }
          >
            Reactivate
          </Menu.Item>
        ) : (
          <Menu.Item
            color="red"
            leftSection={<IconUserOff size={16} />}
            onClick={() =>
              confirmAction({
                title: 'Deactivate user',
                message: `Deactivate ${name}?`,
                detail:
                  'They will be signed out everywhere and cannot sign in again until reactivated. Their evidence and decisions stay.',
                confirmLabel: 'Deactivate',
                destructive: true,
                onConfirm: () => deactivate.mutate({ userId: user.id }),
              })
            }
          >
            Deactivate
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
