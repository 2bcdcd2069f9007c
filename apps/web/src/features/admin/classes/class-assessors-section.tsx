import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { confirmAction } from '../../dialog/confirm';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import type { AdminClass } from '../admin-types';
import { ClassSection } from './class-section';
import { PickPeopleRow } from './people-picker';
import { useClassSaved } from './use-class-saved';

/** Who assesses the class: approved assessors, added from a search and taken off with a confirm. */
export function ClassAssessorsSection({ row }: { row: AdminClass }) {
  const [picked, setPicked] = useState<string[]>([]);
  const saved = useClassSaved();
  const add = trpc.admin.classes.addAssessors.useMutation({
    onSuccess: async (result) => {
      toastSuccess(picked.length === 1 ? 'Assessor added' : 'Assessors added', result.name);
      setPicked([]);
      await saved(result);
    },
    onError: (error) => toastError('Could not add assessors', errorMessage(error, 'Please try again')),
  });
  const remove = trpc.admin.classes.removeAssessor.useMutation({
    onSuccess: saved,
    onError: (error) => toastError('Could not remove the assessor', errorMessage(error, 'Please try again')),
  });
  const archived = row.status === 'archived';

  return (
    <ClassSection id="class-assessors" title={`Assessors (${row.assessors.length})`}>
      {row.assessors.length === 0 ? (
        <Text size="sm" c="dimmed">
          No assessor yet. Students in no class are seen by every assessor; add the assessors who assess this
          class.
        </Text>
      ) : (
        <Stack gap={4}>
          {row.assessors.map((person) => (
            <Group key={person.id} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {person.firstName} {person.lastName}{' '}
                <Text span c="dimmed" size="sm">
                  {person.email}
                </Text>
              </Text>
              {archived ? null : (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove ${person.firstName} ${person.lastName} from the class`}
                  onClick={() =>
                    confirmAction({
                      title: 'Remove assessor',
                      message: `Remove ${person.firstName} ${person.lastName} as an assessor of ${row.name}?`,
                      confirmLabel: 'Remove',
                      onConfirm: () => remove.mutate({ id: row.id, userId: person.id }),
                    })
                  }
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {archived ? null : (
        <PickPeopleRow
          mt="md"
          personRole="assessor"
          label="Add assessors"
          value={picked}
          onChange={setPicked}
          exclude={row.assessors.map((person) => person.id)}
          action="Add"
          busy={add.isPending}
          onSubmit={() => add.mutate({ id: row.id, userIds: picked })}
        />
      )}
    </ClassSection>
  );
}
