import { Button, Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArchive,
  IconBook2,
  IconChecklist,
  IconChevronRight,
  IconHistory,
  IconListCheck,
  IconPackage,
  IconPlugConnected,
  IconPlus,
  IconSchool,
  IconSettings,
  IconUsers,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../data-layer/trpc-client';
import { formatCount } from '../../format/count-noun';
import { useDocumentTitle } from '../widgets/document-title';
import { LoadError } from '../widgets/load-error';
import { PageHeader } from '../widgets/page-header';
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
  {
    to: '/admin/classes',
    title: 'Manage Classes',
    description: 'Group students taking units together, invite them by link and choose who assesses them.',
    icon: IconUsersGroup,
  },
  {
    to: '/admin/audit',
    title: 'Audit Trail',
    description:
      'Every sign-in, role change, approval and decision, newest first, searchable and exportable.',
    icon: IconHistory,
  },
  {
    to: '/admin/lti',
    title: 'LTI Platforms',
    description:
      'Connect learning platforms (Moodle, Canvas, Blackboard, Brightspace) and follow grade passbacks.',
    icon: IconPlugConnected,
  },
  {
    to: '/admin/retention',
    title: 'Records Kept',
    description:
      'Assessment records past their retention period, legal holds, and what was disposed of, by whom and when.',
    icon: IconArchive,
  },
  {
    to: '/admin/audit-packs',
    title: 'Audit Packs',
    description:
      'One zip of a unit’s records for an auditor, an ASQA sample or chosen students, with every file’s SHA-256.',
    icon: IconPackage,
  },
  {
    to: '/admin/validation',
    title: 'Validation',
    description:
      'Validation rounds: a unit’s sample of completed assessments reviewed by credentialled validators, and each unit’s plan.',
    icon: IconChecklist,
  },
  {
    to: '/admin/settings',
    title: 'Settings',
    description: 'Choose the time zone that assessment records, CSV exports and emails write dates in.',
    icon: IconSettings,
  },
] as const;

type Counter = { key: 'totalUnits' | 'totalTasks' | 'totalStudents'; label: string; icon: TablerIcon };

const counters: Counter[] = [
  { key: 'totalUnits', label: 'Total Units', icon: IconBook2 },
  { key: 'totalTasks', label: 'Total Tasks', icon: IconListCheck },
  { key: 'totalStudents', label: 'Total Students', icon: IconSchool },
];

/** The RTO admin's home (/ and /admin): counters, unit creation and the ways into the admin screens. */
export function AdminDashboard() {
  useDocumentTitle('Dashboard');
  const stats = trpc.admin.stats.get.useQuery();

  return (
    <>
      <PageHeader
        title="RTO Admin Dashboard"
        subtitle="Manage units, tasks and the people using Evident."
        actions={
          <Button component={Link} to="/admin/units/new" leftSection={<IconPlus size={18} aria-hidden />}>
            Create Unit
          </Button>
        }
      />

      {stats.isError ? (
        <LoadError
          title="Could not load the counters"
          error={stats.error}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'lg' }} aria-busy={stats.isPending}>
          {counters.map((counter) => (
            <Card key={counter.key} withBorder radius="lg" padding="lg" className={classes.counter}>
              <Group
                justify="space-between"
                wrap="nowrap"
                align="stretch"
                gap="xs"
                className={classes.counterBody}
              >
                <div className={classes.counterText}>
                  <Text size="sm" c="dimmed" fw={500} lh={1.3}>
                    {counter.label}
                  </Text>
                  <Text
                    component="div"
                    mt={4}
                    fz={{ base: 22, xs: 26, sm: 32 }}
                    fw={700}
                    lh={1.1}
                    data-testid="counter-value"
                  >
                    {stats.data ? (
                      formatCount(stats.data[counter.key])
                    ) : (
                      <Skeleton height={30} width={48} radius="sm" aria-label="Loading" />
                    )}
                  </Text>
                </div>
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden visibleFrom="sm">
                  <counter.icon size={24} stroke={1.7} />
                </ThemeIcon>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}

      <Title order={2} fz="lg" mt={40} mb="md">
        Quick links
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
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
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <link.icon size={24} stroke={1.7} />
                </ThemeIcon>
                <div>
                  <Text fw={700} fz="lg">
                    {link.title}
                  </Text>
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
