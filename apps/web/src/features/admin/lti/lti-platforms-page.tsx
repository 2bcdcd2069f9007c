import { Badge, Button, EmptyState, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlugConnected, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { countNoun } from '../../../format/count-noun';
import { confirmAction } from '../../dialog/confirm';
import { errorMessage } from '../../toast/error-message';
import { toastError, toastSuccess } from '../../toast/toast';
import { useDocumentTitle } from '../../widgets/document-title';
import { LoadError } from '../../widgets/load-error';
import { PageHeader } from '../../widgets/page-header';
import classes from './lti-admin.module.css';
import { LtiOffNotice } from './lti-off-notice';
import { type AdminLtiPlatform, PlatformFormModal } from './platform-form-modal';
import { RegistrationLinkPanel } from './registration-link-panel';

/**
 * LTI Platforms (/admin/lti): the learning platforms allowed to launch Evident. The same
 * registrations LTI_PLATFORMS and `pnpm cli lti-add-platform` make, listed, added, edited, removed,
 * or made by the platform itself from a registration link. With LTI off on the server it says so
 * and what to set, instead of offering to add what could never launch.
 */
export function LtiPlatformsPage() {
  useDocumentTitle('LTI Platforms');
  const platforms = trpc.admin.ltiPlatforms.list.useQuery();
  const enabled = trpc.admin.ltiStatus.get.useQuery().data?.enabled;
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState<AdminLtiPlatform | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const remove = trpc.admin.ltiPlatforms.delete.useMutation({
    onSuccess: async () => {
      await utils.admin.ltiPlatforms.list.invalidate();
      toastSuccess('Platform removed');
    },
    onError: (error) => toastError('Could not remove the platform', errorMessage(error, 'Please try again')),
  });

  function open(platform: AdminLtiPlatform | null) {
    setEditing(platform);
    setFormOpen(true);
  }

  function confirmRemove(platform: AdminLtiPlatform) {
    confirmAction({
      title: 'Remove platform',
      message: `Remove ${platform.issuer}? Its courses can no longer launch Evident.`,
      detail:
        'Its course links go with it and grade passbacks still waiting are dropped. People who launched from it keep their accounts and work.',
      confirmLabel: 'Remove',
      destructive: true,
      onConfirm: () => remove.mutate({ id: platform.id }),
    });
  }

  return (
    <>
      <PageHeader
        title="LTI Platforms"
        subtitle="Learning platforms (Moodle, Canvas, Blackboard, Brightspace) that may launch Evident."
        actions={
          <>
            <Button
              component={Link}
              to="/admin/lti/passbacks"
              variant="default"
              leftSection={<IconSend size={16} aria-hidden />}
            >
              Grade passbacks
            </Button>
            {enabled ? (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open(null)}>
                Add platform
              </Button>
            ) : null}
          </>
        }
      />
      <Stack gap="md">
        {enabled === false ? <LtiOffNotice /> : null}
        {platforms.isError ? (
          <LoadError
            title="Could not load platforms"
            error={platforms.error}
            onRetry={() => void platforms.refetch()}
          />
        ) : null}
        {platforms.isPending ? (
          <Paper withBorder radius="lg" role="status" aria-busy="true" aria-label="Loading platforms">
            {[0, 1].map((key) => (
              <div key={key} className={classes.row}>
                <Stack gap={6}>
                  <Skeleton height={14} width="50%" radius="sm" />
                  <Skeleton height={12} width="70%" radius="sm" />
                </Stack>
              </div>
            ))}
          </Paper>
        ) : null}
        {platforms.data?.length === 0 ? (
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <EmptyState icon={<IconPlugConnected stroke={1.6} aria-hidden />} variant="light">
              <EmptyState.Title order={2}>No platforms registered</EmptyState.Title>
              <EmptyState.Description>
                {enabled === false
                  ? 'Once LTI is on, add your LMS here with the values from its external tool settings, or let it register itself with a registration link.'
                  : 'Add your LMS with the values from its external tool settings, or let it register itself with a registration link (below).'}
              </EmptyState.Description>
            </EmptyState>
          </Paper>
        ) : null}
        {platforms.data && platforms.data.length > 0 ? (
          <>
            <Text size="sm" c="dimmed">
              {countNoun(platforms.data.length, 'platform')}
            </Text>
            <Paper withBorder radius="lg" component="ul" className={classes.list} aria-label="Platforms">
              {platforms.data.map((platform) => (
                <li key={platform.id} className={classes.row}>
                  <div className={classes.main}>
                    <Text fw={600} size="sm" className={classes.wrap}>
                      {platform.issuer}
                    </Text>
                    <Text size="sm" c="dimmed" className={classes.wrap}>
                      Client ID {platform.clientId}
                    </Text>
                    <Text size="xs" c="dimmed" className={classes.wrap}>
                      {platform.authorizationUrl}
                    </Text>
                    <Group gap="xs" mt={6}>
                      {platform.deploymentIds.length > 0 ? (
                        <Badge variant="light" color="blue">
                          {countNoun(platform.deploymentIds.length, 'deployment')}
                        </Badge>
                      ) : (
                        <Badge variant="light" color="orange">
                          No deployments
                        </Badge>
                      )}
                      {platform.trustTeachingRoles ? (
                        <Badge variant="light" color="grape">
                          Teachers trusted
                        </Badge>
                      ) : null}
                    </Group>
                  </div>
                  <div className={classes.end}>
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconPencil size={16} aria-hidden />}
                      aria-label={`Edit ${platform.issuer}`}
                      onClick={() => open(platform)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      color="red"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      aria-label={`Remove ${platform.issuer}`}
                      loading={remove.isPending && remove.variables?.id === platform.id}
                      onClick={() => confirmRemove(platform)}
                    >
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </Paper>
          </>
        ) : null}
        {enabled ? <RegistrationLinkPanel /> : null}
      </Stack>
      <PlatformFormModal opened={formOpen} platform={editing} onClose={() => setFormOpen(false)} />
    </>
  );
}
