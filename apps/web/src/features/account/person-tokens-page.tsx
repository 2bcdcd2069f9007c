import { fullName } from '@evident/core/user';
import { Text } from '@mantine/core';
import { trpc } from '../../data-layer/trpc-client';
import { BackLink } from '../widgets/back-link';
import { useDocumentTitle } from '../widgets/document-title';
import { LoadError } from '../widgets/load-error';
import { PageHeader } from '../widgets/page-header';
import { ApiTokensPanel } from './api-tokens-panel';

/** `/admin/users/:id/tokens`: an admin issues and revokes any person's API tokens. */
export function PersonTokensPage({ userId }: { userId: string }) {
  const users = trpc.admin.users.list.useQuery();
  const person = users.data?.find((user) => user.id === userId);
  const name = person ? fullName(person) : 'This person';
  useDocumentTitle(person ? `API tokens · ${name}` : 'API tokens');
  const utils = trpc.useUtils();
  const tokens = trpc.admin.tokens.list.useQuery({ userId });
  const refresh = () => utils.admin.tokens.list.invalidate({ userId });
  const issue = trpc.admin.tokens.issue.useMutation({ onSettled: refresh });
  const revoke = trpc.admin.tokens.revoke.useMutation({ onSettled: refresh });

  return (
    <>
      <BackLink to="/admin/users">Back to Users</BackLink>
      <PageHeader title="API tokens" subtitle={person ? `${name} · ${person.email}` : undefined} />
      {users.isError ? (
        <LoadError title="Could not load users" error={users.error} onRetry={() => void users.refetch()} />
      ) : null}
      {users.data && !person ? (
        <Text c="dimmed">User not found.</Text>
      ) : (
        <div style={{ maxWidth: 760 }}>
          <ApiTokensPanel
            owner={name}
            tokens={tokens}
            issue={(input) => issue.mutateAsync({ ...input, userId })}
            revoke={(tokenId) => revoke.mutateAsync({ tokenId })}
          />
        </div>
      )}
    </>
  );
}
