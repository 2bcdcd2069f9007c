import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { DeclarationDialog } from '../evidence/declaration-dialog';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';
import classes from './task-card.module.css';

type UndeclaredPromptProps = { taskId: string; taskTitle: string; describedBy: string };

/**
 * Issue 29: files of this task sent without the student's declaration (before declarations, by an
 * API script, or offline before the wording was ever loaded) are listed with one button to declare
 * them all; until then assessors and the record show them as 'Not declared'.
 */
export function UndeclaredPrompt({ taskId, taskTitle, describedBy }: UndeclaredPromptProps) {
  // One query for the whole dashboard: every card reads its own files out of it.
  const undeclared = trpc.student.evidence.listUndeclared.useQuery(undefined, { staleTime: 60_000 });
  const wording = trpc.student.declarations.get.useQuery(undefined, { staleTime: 10 * 60_000 }).data;
  const [opened, setOpened] = useState(false);
  const utils = trpc.useUtils();
  const declare = trpc.student.declarations.record.useMutation({
    onSuccess: async (declared) => {
      toastSuccess(
        'Declaration recorded',
        `${declared.fileIds.length === 1 ? 'Your file is' : `${declared.fileIds.length} files are`} now declared your own work`,
      );
      await Promise.all([
        utils.student.evidence.listUndeclared.invalidate(),
        utils.student.evidence.list.invalidate({ taskId }),
      ]);
    },
    onError: (error) => toastError('Declaration not recorded', errorMessage(error, 'Please try again')),
  });
  const files = (undeclared.data ?? []).filter((file) => file.taskId === taskId);
  if (files.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="orange"
      radius="md"
      p="sm"
      title="Declaration needed"
      classNames={{ title: classes.alertTitle }}
      icon={<IconSignature size={18} aria-hidden />}
      data-testid="undeclared-prompt"
    >
      <Stack gap="xs">
        <Text size="sm">
          {files.length === 1 ? 'This file was' : 'These files were'} sent without your declaration that the
          evidence is your own work:
        </Text>
        <List size="sm" spacing={2} className={classes.text}>
          {files.map((file) => (
            <List.Item key={file.id} data-testid="undeclared-file">
              {file.fileName}
            </List.Item>
          ))}
        </List>
        <Button
          size="xs"
          // Bordered on the orange notice: a light orange button melted into it.
          variant="default"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setOpened(true)}
          disabled={!wording}
          loading={declare.isPending}
          aria-describedby={describedBy}
          data-testid="declare-files"
        >
          {wording ? 'Read and declare' : 'Declaration needs a connection'}
        </Button>
      </Stack>
      <DeclarationDialog
        opened={opened && wording !== undefined}
        taskTitle={taskTitle}
        wording={wording}
        confirmLabel={files.length === 1 ? 'Declare this file' : `Declare these ${files.length} files`}
        onClose={() => setOpened(false)}
        onConfirm={(declaration) => {
          setOpened(false);
          if (!declaration) return;
          declare.mutate({ fileIds: files.map((file) => file.id), declarationVersion: declaration.version });
        }}
      />
    </Alert>
  );
}
