import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { trpc } from '../../../data-layer/trpc-client';
import { CopyableValue } from '../../lti/copyable-value';
import { errorMessage } from '../../toast/error-message';
import { toastError } from '../../toast/toast';

/**
 * Dynamic Registration: a link an LMS administrator pastes into their platform, which then registers
 * itself and its deployment here. The server signs it for a day (`admin.ltiRegistrationLinks.create`).
 */
export function RegistrationLinkPanel() {
  const create = trpc.admin.ltiRegistrationLinks.create.useMutation({
    onError: (error) =>
      toastError('Could not create a registration link', errorMessage(error, 'Please try again')),
  });
  const link = create.data?.url;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="lti-dynreg"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="lti-dynreg">
          Dynamic Registration
        </Title>
        <Text size="sm" c="dimmed">
          Moodle 4.1 and later, Canvas and Brightspace register Evident themselves: create a link and paste it
          into the platform's "register tool by URL". The platform and its deployment then appear here.
        </Text>
        {link ? (
          <CopyableValue
            label="Registration link"
            value={link}
            hint="Good for a day (24 hours), for one platform. Create a new link for each platform, or once this one has expired."
          />
        ) : null}
        <div>
          <Button
            variant={link ? 'default' : 'filled'}
            leftSection={<IconLink size={16} aria-hidden />}
            loading={create.isPending}
            onClick={() => create.mutate()}
          >
            {link ? 'Create another link' : 'Create registration link'}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
