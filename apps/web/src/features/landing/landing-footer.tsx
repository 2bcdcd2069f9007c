import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import classes from './landing.module.css';

export function LandingFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © 2025 Evident
          </Text>
          <Group gap="lg">
            <Anchor component={Link} to="/lti-config" size="sm" c="dimmed">
              LMS Integration
            </Anchor>
            <Anchor component={Link} to="/forgot-password" size="sm" c="dimmed">
              Reset password
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
