import { awaitingApprovalMessage } from '@evident/core/user';
import { Button, EmptyState, Paper, Text } from '@mantine/core';
import { IconRefresh, IconShieldLock } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { PageHeader } from '../widgets/page-header';

/**
 * What a self-registered assessor sees on every screen until an administrator approves the account:
 * assessors see students' evidence, so a stranger who signs up as one must not.
 */
export function AwaitingApproval() {
  const utils = trpc.useUtils();
  const router = useRouter();
  const [checking, setChecking] = useState(false);

  async function checkAgain() {
    setChecking(true);
    try {
      await utils.auth.session.get.refetch();
      await router.invalidate();
    } finally {
      setChecking(false);
    }
  }

  return (
    <>
      <PageHeader title="Waiting for approval" />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="awaiting-approval">
        <EmptyState icon={<IconShieldLock stroke={1.6} aria-hidden />} variant="light">
          <EmptyState.Title order={2}>An administrator must approve your account</EmptyState.Title>
          <EmptyState.Description>
            <Text component="span" display="block">
              {awaitingApprovalMessage}.
            </Text>
            <Text component="span" display="block" mt="xs">
              Assessors can see every student’s workplace evidence, so each new assessor account is checked
              first. Ask your training organisation’s administrator to approve you in Users Management; you
              can then grade straight away.
            </Text>
          </EmptyState.Description>
          <Button
            mt="md"
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={checking}
            onClick={() => void checkAgain()}
          >
            Check again
          </Button>
        </EmptyState>
      </Paper>
    </>
  );
}
