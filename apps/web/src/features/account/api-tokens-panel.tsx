import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { dateAndTimeFormat, dateOnlyFormat } from '../../format/date-time';
import { confirmAction } from '../dialog/confirm';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';
import { LoadError } from '../widgets/load-error';
import classes from './api-tokens-panel.module.css';

export type ApiTokenRow = {
  id: string;
  name: string;
  scope: 'read' | 'write';
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: 'active' | 'expired' | 'revoked';
};

export type IssueTokenInput = { name: string; scope: 'read' | 'write'; expiresInDays: number };

type TokensPanelProps = {
  /** Whose tokens, for the texts: 'your' or the person's name. */
  owner: string;
  tokens: { data?: ApiTokenRow[]; error: unknown; isPending: boolean; refetch: () => unknown };
  issue: (input: IssueTokenInput) => Promise<{ id: string; token: string }>;
  revoke: (tokenId: string) => Promise<unknown>;
};

const expiryChoices = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '180 days' },
  { value: '365', label: '1 year' },
];

const date = (iso: string) => dateOnlyFormat().format(new Date(iso));
const dateTime = (iso: string) => dateAndTimeFormat().format(new Date(iso));

const statusBadge: Record<ApiTokenRow['status'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal' },
  expired: { label: 'Expired', color: 'gray' },
  revoked: { label: 'Revoked', color: 'red' },
};

/** Issue, list and revoke personal API tokens: on the account page and on an admin's view of a person. */
export function ApiTokensPanel({ owner, tokens, issue, revoke }: TokensPanelProps) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'write'>('read');
  const [days, setDays] = useState('90');
  const [nameError, setNameError] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Give the token a name');
      return;
    }
    setIssuing(true);
    try {
      const result = await issue({ name: trimmed, scope, expiresInDays: Number(days) });
      setIssued({ name: trimmed, token: result.token });
      setName('');
      toastSuccess('Token created', 'Copy it now: it is shown only once');
    } catch (error) {
      toastError('Could not create the token', errorMessage(error, 'Please try again'));
    } finally {
      setIssuing(false);
    }
  }

  function confirmRevoke(token: ApiTokenRow) {
    confirmAction({
      title: 'Revoke token',
      message: `Revoke the token “${token.name}”?`,
      detail: 'Scripts using it stop working at once. This cannot be undone.',
      confirmLabel: 'Revoke',
      destructive: true,
      onConfirm: async () => {
        setRevoking(token.id);
        try {
          await revoke(token.id);
          toastSuccess('Token revoked', `“${token.name}” no longer works`);
        } catch (error) {
          toastError('Could not revoke the token', errorMessage(error, 'Please try again'));
        } finally {
          setRevoking(null);
        }
      },
    });
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg">
              Create an API token
            </Title>
            <Text size="sm" c="dimmed">
              A token lets a script use Evident as {owner === 'your' ? 'you' : owner}, with the same role and
              permissions.
            </Text>
          </div>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="sm">
              <TextInput
                label="Token name"
                description="What the token is for, e.g. Nightly matrix export"
                value={name}
                maxLength={100}
                error={nameError}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setNameError(null);
                }}
              />
              <div className={classes.choices}>
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="token-access-label">
                    Access
                  </Text>
                  <SegmentedControl
                    aria-labelledby="token-access-label"
                    value={scope}
                    onChange={(value) => setScope(value === 'write' ? 'write' : 'read')}
                    data={[
                      { value: 'read', label: 'Read only' },
                      { value: 'write', label: 'Read and write' },
                    ]}
                  />
                </Stack>
                <Select
                  label="Expires after"
                  data={expiryChoices}
                  value={days}
                  onChange={(value) => setDays(value ?? '90')}
                  allowDeselect={false}
                  w={160}
                />
              </div>
              <Group>
                <Button type="submit" leftSection={<IconKey size={16} aria-hidden />} loading={issuing}>
                  Create token
                </Button>
              </Group>
            </Stack>
          </form>
          {issued ? (
            <Alert color="teal" variant="light" title={`Token “${issued.name}” created`} role="status">
              <Stack gap="xs">
                <Text size="sm">
                  Copy it now. It is shown only this once; Evident keeps only a fingerprint of it.
                </Text>
                <Code block className={classes.secret} data-testid="new-token">
                  {issued.token}
                </Code>
                <Group gap="sm">
                  <CopyButton value={issued.token}>
                    {({ copied, copy }) => (
                      <Button
                        size="compact-sm"
                        variant={copied ? 'filled' : 'default'}
                        color={copied ? 'teal' : undefined}
                        leftSection={
                          copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                        }
                        onClick={copy}
                      >
                        {copied ? 'Copied' : 'Copy token'}
                      </Button>
                    )}
                  </CopyButton>
                  <Button size="compact-sm" variant="subtle" onClick={() => setIssued(null)}>
                    Done
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
        </Stack>
      </Paper>

      <Stack gap="sm">
        <Title order={2} fz="lg">
          {owner === 'your' ? 'Your tokens' : `${owner}’s tokens`}
        </Title>
        {tokens.error ? (
          <LoadError
            title="Could not load tokens"
            error={tokens.error}
            onRetry={() => void tokens.refetch()}
          />
        ) : null}
        {tokens.isPending ? <Skeleton height={72} radius="lg" /> : null}
        {tokens.data && tokens.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No API tokens yet.
          </Text>
        ) : null}
        {tokens.data && tokens.data.length > 0 ? (
          <Paper withBorder radius="lg" component="ul" className={classes.list} aria-label="API tokens">
            {tokens.data.map((token) => (
              <li key={token.id} className={classes.row}>
                <div className={classes.about}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} size="sm" className={classes.wrap}>
                      {token.name}
                    </Text>
                    <Badge variant="light" color={token.scope === 'write' ? 'orange' : 'blue'}>
                      {token.scope === 'write' ? 'Read and write' : 'Read only'}
                    </Badge>
                    <Badge variant="outline" color={statusBadge[token.status].color}>
                      {statusBadge[token.status].label}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    Created {date(token.createdAt)} ·{' '}
                    {token.status === 'revoked' && token.revokedAt
                      ? `Revoked ${date(token.revokedAt)}`
                      : `${token.status === 'expired' ? 'Expired' : 'Expires'} ${date(token.expiresAt)}`}{' '}
                    · {token.lastUsedAt ? `Last used ${dateTime(token.lastUsedAt)}` : 'Never used'}
                  </Text>
                </div>
                {token.status === 'active' ? (
                  <Button
                    size="compact-sm"
                    variant="default"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    loading={revoking === token.id}
                    aria-label={`Revoke ${token.name}`}
                    onClick={() => confirmRevoke(token)}
                  >
                    Revoke
                  </Button>
                ) : null}
              </li>
            ))}
          </Paper>
        ) : null}
      </Stack>
    </Stack>
  );
}
