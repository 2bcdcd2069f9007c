import { exampleUnits } from '@evident/core/example-units';
import { Button, Grid, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBook2,
  IconCamera,
  IconListCheck,
  IconSearch,
  IconSparkles,
  type TablerIcon,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { useCurrentUser } from '../auth/use-current-user';
import { UnitCodeInput } from '../curriculum/unit-code-input';
import { invalidateFor } from '../live/event-invalidations';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';
import { useDocumentTitle } from '../widgets/document-title';
import { PageHeader } from '../widgets/page-header';
import { rememberUnit } from './chosen-unit';
import { InvitationOnlyNotice } from './invitation-only-notice';
import classes from './unit-setup-page.module.css';

const steps: { icon: TablerIcon; title: string; text: string }[] = [
  {
    icon: IconSearch,
    title: 'We fetch the Performance Evidence',
    text: 'Your unit is looked up on the national training register to find what you must show you can do.',
  },
  {
    icon: IconSparkles,
    title: 'AI writes your workplace tasks',
    text: 'Each piece of Performance Evidence becomes a plain-language task you can do at work.',
  },
  {
    icon: IconCamera,
    title: 'You start gathering evidence',
    text: 'Take photos, record audio or upload documents against each task for your assessor.',
  },
];

/** Spec section 2, Set Up Your Unit: a student types a unit code and gets its workplace tasks. */
export function UnitSetupPage() {
  useDocumentTitle('Setup Unit');
  const [unitCode, setUnitCode] = useState('');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const setUpUnit = trpc.student.units.setUp.useMutation({
    onSuccess: async (result) => {
      // The dashboard opens on the unit just set up, not on whichever the student chose before.
      if (user) rememberUnit(user.id, result.unitId);
      // The spec's toast for tasks just generated; joining a unit whose tasks exist says so instead.
      if (result.created) {
        toastSuccess(
          'Tasks generated successfully',
          `Created ${result.taskCount} tasks from Performance Evidence`,
        );
      } else {
        toastSuccess('Unit joined', `Joined ${result.unitCode}: ${result.taskCount} tasks`);
      }
      // What the student hears of it: their enrolment (the unit's new tasks, published first, reach
      // only those already enrolled).
      if (user) await invalidateFor({ type: 'enrolment.created', studentId: user.id, unitId: result.unitId });
      await navigate({ to: '/' });
    },
    onError: (error) =>
      toastError('Failed to generate tasks', errorMessage(error, 'Could not fetch unit data')),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (setUpUnit.isPending) return;
    const code = unitCode.trim().toUpperCase();
    if (!code) {
      toastError('Unit code required', 'Please enter a valid unit code');
      return;
    }
    setUpUnit.mutate({ unitCode: code });
  }

  return (
    <>
      <PageHeader
        title="Set Up Your Unit"
        subtitle="Enter your unit of competency code to get plain-language workplace tasks."
      />
      <InvitationOnlyNotice />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <form onSubmit={submit} noValidate>
              <Stack gap="lg">
                <UnitCodeInput
                  label="Unit code"
                  description="The code of your unit of competency as listed on the national training register (training.gov.au), for example RIIWHS204E. Your trainer or enrolment papers will have it."
                  size="md"
                  value={unitCode}
                  onChange={setUnitCode}
                  leftSection={<IconBook2 size={18} aria-hidden />}
                  readOnly={setUpUnit.isPending}
                />
                <Button
                  type="submit"
                  size="md"
                  fullWidth
                  loading={setUpUnit.isPending}
                  loaderProps={{ type: 'dots' }}
                  disabled={unitCode === '' || setUpUnit.isPending}
                  leftSection={<IconSparkles size={18} aria-hidden />}
                >
                  {setUpUnit.isPending ? 'Generating Tasks...' : 'Generate Tasks'}
                </Button>
                {setUpUnit.isPending ? (
                  <Text size="sm" c="dimmed" ta="center" role="status">
                    Generating Tasks... this can take up to a minute.
                  </Text>
                ) : null}
              </Stack>
            </form>

            <Stack component="section" gap="xs" mt="xl" aria-labelledby="example-units-heading">
              <Title order={2} fz="md" id="example-units-heading">
                Try an example unit
              </Title>
              <div className={classes.examples}>
                {exampleUnits.map((unit) => (
                  <Button
                    key={unit.code}
                    variant="default"
                    size="md"
                    className={classes.example}
                    disabled={setUpUnit.isPending}
                    data-selected={unitCode === unit.code || undefined}
                    onClick={() => setUnitCode(unit.code)}
                    classNames={{ inner: classes.exampleInner, label: classes.exampleLabel }}
                  >
                    <span className={classes.exampleCode}>{unit.code}</span>
                    <span className={classes.exampleName}>{unit.label}</span>
                  </Button>
                ))}
              </div>
            </Stack>
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.howItWorks}>
            <Title order={2} fz="lg" mb="md">
              How it works
            </Title>
            <List
              type="ordered"
              spacing="lg"
              listStyleType="none"
              classNames={{ itemWrapper: classes.stepWrapper }}
            >
              {steps.map((step) => (
                <List.Item
                  key={step.title}
                  icon={
                    <ThemeIcon size={36} radius="xl" variant="light" aria-hidden>
                      <step.icon size={20} stroke={1.7} />
                    </ThemeIcon>
                  }
                >
                  <Text fw={600}>{step.title}</Text>
                  <Text size="sm" c="dimmed" mt={2}>
                    {step.text}
                  </Text>
                </List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed" mt="lg" className={classes.note}>
              <IconListCheck size={16} aria-hidden className={classes.noteIcon} />
              If your unit is already set up at your RTO you join it straight away with its existing tasks.
            </Text>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
