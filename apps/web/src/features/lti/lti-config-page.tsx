import { Alert, Code, List, Paper, SimpleGrid, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { PublicPage } from '../shell/public-page';
import { useDocumentTitle } from '../widgets/document-title';
import { CopyableValue } from './copyable-value';
import { ltiEndpoints } from './lti-endpoints';
import { LtiServerStatus } from './lti-server-status';

const ltiFeatures = [
  {
    title: 'LTI 1.3 single sign-on',
    text: 'Learners and teachers arrive signed in, with no separate password.',
  },
  { title: 'Deep linking', text: 'Teachers add Evident to a course straight from the activity chooser.' },
  {
    title: 'Role mapping',
    text: "Learners become students and instructors assessors of their courses, once an administrator approves them or trusts the platform's teachers. A launch never changes an existing account's role.",
  },
  {
    title: 'Course and user context',
    text: 'Each launch carries the course and the person, so work lands in the right place.',
  },
];

/** How to connect a learning management system to Evident over LTI 1.3 (spec section 2). */
export function LtiConfigPage() {
  useDocumentTitle('LMS integration');
  const origin = window.location.origin;

  return (
    <PublicPage size="md">
      <Stack gap="xl">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            LMS Integration (LTI 1.3)
          </Title>
          <Text c="dimmed" mt={6}>
            Connect Moodle, Canvas or any LTI 1.3 platform to Evident. Copy these values into your platform's
            external tool settings.
          </Text>
        </div>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            Tool configuration
          </Title>
          <Stack gap="lg">
            {ltiEndpoints.map((endpoint) => (
              <CopyableValue
                key={endpoint.path}
                label={endpoint.label}
                hint={endpoint.hint}
                value={`${origin}${endpoint.path}`}
                openable={endpoint.path.endsWith('.json')}
              />
            ))}
          </Stack>
        </Paper>

        <Alert
          variant="light"
          color="blue"
          radius="lg"
          icon={<IconInfoCircle aria-hidden />}
          title="Server settings"
        >
          LTI must be switched on where Evident runs: set <Code>LTI_ENABLED=true</Code> and give{' '}
          <Code>LTI_PRIVATE_KEY</Code> a strong random key. Without them the URLs above do not answer.
          <LtiServerStatus />
        </Alert>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            Setup steps
          </Title>
          <Tabs defaultValue="moodle" variant="outline" radius="md">
            <Tabs.List>
              <Tabs.Tab value="moodle">Moodle</Tabs.Tab>
              <Tabs.Tab value="canvas">Canvas</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="moodle" pt="md">
              <List type="ordered" spacing="sm" size="sm">
                <List.Item>
                  Go to Site administration, Plugins, Activity modules, External tool, Manage tools, and
                  choose "configure a tool manually".
                </List.Item>
                <List.Item>Name the tool Evident and set LTI version to LTI 1.3.</List.Item>
                <List.Item>
                  Paste the Tool/Launch URL as Tool URL, choose "Keyset URL" as Public key type and paste the
                  Public Keyset URL, then paste the Login Initiation URL.
                </List.Item>
                <List.Item>
                  Under Redirection URI(s) add both the Tool/Launch URL and the Deep Linking URL, and tick
                  "Supports Deep Linking (Content-Item Message)".
                </List.Item>
                <List.Item>
                  Under Privacy, share the launcher's name and email with the tool, then save.
                </List.Item>
                <List.Item>
                  Open the tool's details and give the Platform ID, Client ID and Deployment ID to your
                  Evident administrator so the platform can be registered.
                </List.Item>
              </List>
            </Tabs.Panel>
            <Tabs.Panel value="canvas" pt="md">
              <List type="ordered" spacing="sm" size="sm">
                <List.Item>In Admin, open Developer Keys and add an LTI Key.</List.Item>
                <List.Item>
                  Choose "Enter URL" as the method and paste the Configuration JSON URL, or enter the values
                  above by hand. Add the Tool/Launch URL and the Deep Linking URL as Redirect URIs.
                </List.Item>
                <List.Item>Save the key, switch it ON and copy its Client ID.</List.Item>
                <List.Item>
                  In Settings, Apps, View App Configurations, add an app with Configuration Type "By Client
                  ID" and paste the Client ID.
                </List.Item>
                <List.Item>
                  Give the Client ID and the Deployment ID (from the app's settings menu) to your Evident
                  administrator so the platform can be registered.
                </List.Item>
              </List>
            </Tabs.Panel>
          </Tabs>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            Features
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {ltiFeatures.map((feature) => (
              <div key={feature.title} style={{ display: 'flex', gap: 12 }}>
                <ThemeIcon size={28} radius="xl" variant="light" style={{ flexShrink: 0 }}>
                  <IconCheck size={16} aria-hidden />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{feature.title}</Text>
                  <Text size="sm" c="dimmed">
                    {feature.text}
                  </Text>
                </div>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      </Stack>
    </PublicPage>
  );
}
