import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook2, IconChevronRight, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../shell/page-header';
import classes from './admin-dashboard.module.css';

const quickLinks = [
  {
    to: '/admin/units',
    title: 'Manage Units',
    description:
      'Create units of competency, fetch them from the national training register and generate tasks.',
    icon: IconBook2,
  },
  {
    to: '/admin/users',
    title: 'Manage Users',
    description: 'See every student, assessor and administrator, and view the app as one of them.',
    icon: IconUsers,
  },
] as const;

/** The RTO admin's home (/ and /admin). Counters and unit creation arrive with the admin screens. */
export function AdminDashboard() {
  return (
    <>
      <PageHeader title="RTO Admin Dashboard" subtitle="Manage units, tasks and the people using Evident." />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {quickLinks.map((link) => (
          <Card
            key={link.to}
            component={Link}
            to={link.to}
            withBorder
            radius="lg"
            padding="lg"
            className={classes.card}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Group gap="md" wrap="nowrap" align="flex-start">
                <ThemeIcon size={44} radius="md" variant="light">
                  <link.icon size={24} stroke={1.7} aria-hidden />
                </ThemeIcon>
                <div>
                  <Title order={2} fz="lg">
                    {link.title}
                  </Title>
                  <Text size="sm" c="dimmed" mt={4}>
                    {link.description}
                  </Text>
                </div>
              </Group>
              <IconChevronRight size={20} aria-hidden className={classes.chevron} />
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
