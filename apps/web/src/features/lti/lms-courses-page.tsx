import { Alert, Badge, Button, EmptyState, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh, IconSchool, IconTable } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../data-layer/trpc-client';
import { countNoun } from '../../format/count-noun';
import classes from '../admin/lti/lti-admin.module.css';
import { useCurrentUser } from '../auth/use-current-user';
import { errorMessage } from '../toast/error-message';
import { toastError, toastSuccess } from '../toast/toast';
import { useDocumentTitle } from '../widgets/document-title';
import { LoadError } from '../widgets/load-error';
import { PageHeader } from '../widgets/page-header';

type SyncResult = {
  course: { id: string; title: string | null };
  students: number;
  classEnrolled: number;
  classEnded: number;
};

function resultLine(result: SyncResult): string {
  const parts = [`${countNoun(result.students, 'student')} on the roster`];
  if (result.classEnrolled > 0) parts.push(`${result.classEnrolled} newly enrolled`);
  if (result.classEnded > 0) parts.push(`${result.classEnded} who left no longer enrolled`);
  return parts.join(', ');
}

/**
 * LMS courses (/lms-courses): the courses an assessor launched Evident from (an admin: every course),
 * each with its roster sync (Names and Role Provisioning). A teacher's launch opens here on the course
 * it came from.
 */
export function LmsCoursesPage({ launchedFrom }: { launchedFrom?: string }) {
  useDocumentTitle('LMS courses');
  const everyCourse = useCurrentUser()?.role === 'rto_admin';
  const courses = trpc.staff.lmsCourses.list.useQuery();
  const sync = trpc.staff.lmsCourses.syncRoster.useMutation({
    onSuccess: (result) => toastSuccess('Roster synced', resultLine(result)),
    onError: (error) => toastError('Roster sync failed', errorMessage(error, 'Please try again')),
  });
  const sorted = [...(courses.data ?? [])].sort(
    (a, b) => Number(b.id === launchedFrom) - Number(a.id === launchedFrom),
  );

  return (
    <>
      <PageHeader
        title="LMS courses"
        subtitle={`${everyCourse ? 'Every course Evident was opened from by a teacher.' : 'Courses you opened Evident from.'} Sync a roster to enrol its students in the course's class and units.`}
        actions={
          <Button
            component={Link}
            to="/matrix"
            variant="default"
            leftSection={<IconTable size={16} aria-hidden />}
          >
            Evidence Matrix
          </Button>
        }
      />
      <Stack gap="md">
        {courses.isError ? (
          <LoadError
            title="Could not load courses"
            error={courses.error}
            onRetry={() => void courses.refetch()}
          />
        ) : null}
        {courses.isPending ? (
          <Paper withBorder radius="lg" role="status" aria-busy="true" aria-label="Loading courses">
            <div className={classes.row}>
              <Skeleton height={14} width="50%" radius="sm" />
            </div>
          </Paper>
        ) : null}
        {courses.data?.length === 0 ? (
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <EmptyState icon={<IconSchool stroke={1.6} aria-hidden />} variant="light">
              <EmptyState.Title order={2}>No LMS courses yet</EmptyState.Title>
              <EmptyState.Description>
                Open Evident from a course in your learning platform as its teacher, and the course appears
                here.
              </EmptyState.Description>
            </EmptyState>
          </Paper>
        ) : null}
        {sorted.length > 0 ? (
          <Paper withBorder radius="lg" component="ul" className={classes.list} aria-label="LMS courses">
            {sorted.map((course) => {
              const title = course.title ?? course.label ?? 'Untitled course';
              const synced = sync.data?.course.id === course.id ? sync.data : null;
              return (
                <li key={course.id} className={classes.row}>
                  <div className={classes.main}>
                    <Text fw={600} size="sm" className={classes.wrap}>
                      {title}
                    </Text>
                    {course.label && course.label !== title ? (
                      <Text size="sm" c="dimmed" className={classes.wrap}>
                        {course.label}
                      </Text>
                    ) : null}
                    {synced ? (
                      <Text size="sm" c="teal" className={classes.wrap} role="status">
                        Synced: {resultLine(synced)}
                      </Text>
                    ) : null}
                  </div>
                  <div className={classes.end}>
                    {course.id === launchedFrom ? (
                      <Badge variant="light" color="teal">
                        Opened from here
                      </Badge>
                    ) : null}
                    <Button
                      size="compact-sm"
                      leftSection={<IconRefresh size={16} aria-hidden />}
                      aria-label={`Sync roster of ${title}`}
                      loading={sync.isPending && sync.variables?.courseId === course.id}
                      disabled={sync.isPending}
                      onClick={() => sync.mutate({ courseId: course.id })}
                    >
                      Sync roster
                    </Button>
                  </div>
                </li>
              );
            })}
          </Paper>
        ) : null}
        {sync.isError ? (
          <Alert color="red" variant="light" radius="lg" title="The roster did not arrive">
            {errorMessage(sync.error, 'Please try again')}
          </Alert>
        ) : null}
      </Stack>
    </>
  );
}
