import {
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';
import { useDocumentTitle } from '../widgets/document-title';
import { LoadError } from '../widgets/load-error';
import { PageHeader } from '../widgets/page-header';

/**
 * A person's credentials (/admin/users/:id/credentials, issue 30 §2): the qualification code, its title
 * and the date held. A validator needs one recorded; TAE40122, TAE40116 and TAE40110 meet the
 * Credential Policy. Recorded once, never edited: the record is what an auditor reads.
 */
export function PersonCredentialsPage({ userId }: { userId: string }) {
  useDocumentTitle('Credentials');
  const utils = trpc.useUtils();
  const list = trpc.admin.credentials.list.useQuery({ userId });
  const person = trpc.admin.users.list.useQuery().data?.find((p) => p.id === userId);
  const [code, setCode] = useState('');
  const [title, setTitle] = useState('');
  const [heldOn, setHeldOn] = useState('');
  const add = trpc.admin.credentials.add.useMutation({
    onSuccess: () => {
      void utils.admin.credentials.list.invalidate({ userId });
      setCode('');
      setTitle('');
      setHeldOn('');
      toastSuccess('Credential recorded');
    },
    onError: (error) =>
      toastError('Could not record the credential', errorMessage(error, 'Please try again')),
  });
  const ready = code.trim() && title.trim() && heldOn;
  return (
    <>
      <PageHeader
        title={person ? `Credentials: ${person.firstName} ${person.lastName}` : 'Credentials'}
        subtitle="Qualifications this person holds, as validation asks for them. ✓ marks one the Credential Policy names for validators."
      />
      <Stack gap="lg">
        {list.isError ? (
          <LoadError
            title="Could not load the credentials"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : null}
        {list.isPending ? <Skeleton height={80} radius="md" aria-label="Loading" /> : null}
        {list.data && list.data.length === 0 ? <Text c="dimmed">No credential recorded yet.</Text> : null}
        {list.data && list.data.length > 0 ? (
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Held since</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      {c.code}
                      {c.meetsCredentialPolicy ? (
                        <>
                          <span aria-hidden> ✓</span>
                          <VisuallyHidden> meets the Credential Policy</VisuallyHidden>
                        </>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{c.title}</Table.Td>
                    <Table.Td>{c.heldOn}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="add-credential">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (ready) add.mutate({ userId, code, title, heldOn });
            }}
          >
            <Stack gap="sm" maw={480}>
              <Title order={2} fz="lg" id="add-credential">
                Record a credential
              </Title>
              <TextInput
                label="Code"
                placeholder="TAE40122"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
              <TextInput
                label="Title"
                placeholder="Certificate IV in Training and Assessment"
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
              />
              <TextInput
                type="date"
                label="Date held"
                value={heldOn}
                onChange={(e) => setHeldOn(e.currentTarget.value)}
              />
              <Group>
                <Button type="submit" disabled={!ready} loading={add.isPending}>
                  Record Credential
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </>
  );
}
