import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { trpc } from '../../../data-layer/trpc-client';
import { confirmAction } from '../../dialog/confirm';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import type { AdminClass } from '../admin-types';
import { ClassSection } from './class-section';
import { useClassSaved } from './use-class-saved';

/** The link a signed-in student opens to join: built on the address this page was opened at. */
export const invitationLink = (inviteCode: string) =>
  `${window.location.origin}/join/${encodeURIComponent(inviteCode)}`;

export function InviteLinkSection({ row }: { row: AdminClass }) {
  const saved = useClassSaved();
  const renew = trpc.admin.classes.regenerateInviteLink.useMutation({
    onSuccess: async (result) => {
      toastSuccess('New invitation link', 'The old link no longer works');
      await saved(result);
    },
    onError: (error) => toastError('Could not renew the link', errorMessage(error, 'Please try again')),
  });
  const link = invitationLink(row.inviteCode);
  return (
    <ClassSection
      id="class-invite"
      title="Invitation link"
      description="Share it with your students: signed in as a student, opening it joins this class and its units."
    >
      <TextInput
        readOnly
        value={link}
        aria-label="Class invitation link"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group gap="sm" mt="sm">
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} aria-hidden />}
          loading={renew.isPending}
          onClick={() =>
            confirmAction({
              title: 'New invitation link',
              message: 'Make a new invitation link for this class?',
              detail: 'The current link stops working at once; students already in the class stay.',
              confirmLabel: 'Make new link',
              onConfirm: () => renew.mutate({ id: row.id }),
            })
          }
        >
          New link
        </Button>
      </Group>
    </ClassSection>
  );
}
