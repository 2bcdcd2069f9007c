import { adminReadOnlyGradingMessage } from '@evident/core/class-filter';
import type { GradeDraft, GradeStatus } from '@evident/core/grading';
import { fullName } from '@evident/core/user';
import { Alert, EmptyState, Paper, Skeleton, Stack } from '@mantine/core';
import { IconClipboardCheck, IconEye } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { trpc } from '../../data-layer/trpc-client';
import { useCurrentUser } from '../auth/use-current-user';
import { useDocumentTitle } from '../widgets/document-title';
import { LoadError } from '../widgets/load-error';
import { PageHeader } from '../widgets/page-header';
import { useRevealedCount } from '../widgets/use-revealed-count';
import { AssessorDeclaration } from './assessor-declaration';
import { BulkActionBar } from './bulk-action-bar';
import { ClassFilterSelect } from './class-filter-select';
import { ExportReportButton } from './export-report-button';
import { FilePreview } from './file-preview';
import { useGradingPages } from './graded-elsewhere';
import { GradedElsewhereCard } from './graded-elsewhere-card';
import classes from './grading.module.css';
import type { GradingFile } from './grading-types';
import { StudentPager } from './student-pager';
import { SubmissionCard } from './submission-card';
import { UnitOutcomeOffers, useJudgedUnits } from './unit-outcome/unit-outcome-offers';
import { useClassFilter } from './use-class-filter';
import { useGradeSubmissions } from './use-grade-submissions';

const emptyDraft: GradeDraft = { comment: '', strategies: '' };

/** Spec section 2, Assessor grading screen (/grading). */
export function GradingPage() {
  useDocumentTitle('Grading');
  // An admin as themselves follows grading read-only (issue 19): no selection, no decisions.
  const readOnly = useCurrentUser()?.role === 'rto_admin';
  const classFilter = useClassFilter();
  const submissions = trpc.staff.submissions.list.useQuery(
    classFilter.classId ? { classId: classFilter.classId } : undefined,
    { enabled: classFilter.ready },
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [drafts, setDrafts] = useState<Readonly<Record<string, GradeDraft>>>({});
  const [openFile, setOpenFile] = useState<GradingFile | null>(null);
  // Cards another assessor grades while they are on screen stay, saying who, with what was typed.
  const pages = useGradingPages(submissions.data, drafts);
  const { groups, index, group } = pages;
  // A submission card is heavy (files, two growing text boxes): the first two come with the screen,
  // the rest in tasks of their own, so a slow phone is never frozen while they mount.
  const shown = useRevealedCount(pages.slots.length, 2, 2);
  // Units this screen's decisions may have completed: their outcome is offered above the cards.
  const judgedUnits = useJudgedUnits(submissions.data);

  const grading = useGradeSubmissions(
    submissions.data,
    {
      onSent: pages.gradingStarted,
      onGraded: (ids) => {
        pages.gradingEnded(ids, true);
        judgedUnits.graded(ids);
        setSelected(new Set());
        setDrafts({});
      },
      onFailed: (ids) => pages.gradingEnded(ids, false),
    },
    !readOnly,
  );

  const onSelect = useCallback((id: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const onDraft = useCallback((id: string, draft: GradeDraft) => {
    setDrafts((current) => ({ ...current, [id]: draft }));
  }, []);
  const { submit } = grading;
  const { note } = judgedUnits;
  const onGrade = useCallback(
    (id: string, status: GradeStatus) => {
      note(status, [id]);
      submit(status, [id], drafts);
    },
    [submit, note, drafts],
  );

  function changeStudent(next: number) {
    pages.changeStudent(next);
    // A selection is one student's: grading it must never reach cards that are off screen.
    setSelected(new Set());
  }

  const header = (
    <>
      <PageHeader
        title="Grading"
        subtitle="Review student submissions and record your assessment decisions."
        actions={<ExportReportButton studentId={group?.studentId} />}
      />
      <Stack gap="md" mb="md">
        {readOnly ? (
          <Alert
            variant="light"
            color="blue"
            icon={<IconEye size={18} aria-hidden />}
            data-testid="grading-read-only"
          >
            {adminReadOnlyGradingMessage}
          </Alert>
        ) : null}
        <ClassFilterSelect
          className={classes.classSelect}
          classes={classFilter.classes}
          classId={classFilter.classId}
          onChange={(classId) => {
            changeStudent(0);
            classFilter.choose(classId);
          }}
        />
        <UnitOutcomeOffers judged={judgedUnits.judged} onDismiss={judgedUnits.dismiss} />
      </Stack>
    </>
  );

  if (submissions.isError) {
    return (
      <>
        {header}
        <LoadError
          title="Could not load submissions"
          error={submissions.error}
          onRetry={() => void submissions.refetch()}
        />
      </>
    );
  }
  if (submissions.isPending || !classFilter.ready) {
    return (
      <>
        {header}
        <Stack gap="md" role="status" aria-busy="true" aria-label="Loading submissions">
          <Skeleton height={72} radius="lg" />
          <Skeleton height={320} radius="lg" />
        </Stack>
      </>
    );
  }
  if (!group) {
    return (
      <>
        {header}
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <EmptyState icon={<IconClipboardCheck stroke={1.6} aria-hidden />} variant="light">
            <EmptyState.Title order={2}>No submissions to grade</EmptyState.Title>
            <EmptyState.Description>There are no pending submissions at this time</EmptyState.Description>
          </EmptyState>
        </Paper>
      </>
    );
  }

  const ids = group.submissions.map((s) => s.id);
  // Display order, so "the first selected submission" is the first selected card on screen.
  const selectedIds = ids.filter((id) => selected.has(id));
  const pending = new Set(grading.pendingIds);

  return (
    <>
      {header}
      <Stack gap="md">
        <StudentPager groups={groups} index={index} onChange={changeStudent} />
        {ids.length > 0 && !readOnly ? (
          <BulkActionBar
            selectedCount={selectedIds.length}
            studentName={fullName(group.student)}
            allOfStudentSelected={selectedIds.length === ids.length}
            busy={grading.isPending}
            onSelectAll={() => setSelected(new Set(ids))}
            onClear={() => setSelected(new Set())}
            onGrade={(status) => {
              note(status, selectedIds);
              submit(status, selectedIds, drafts);
            }}
          />
        ) : null}
        <section aria-label={`Submissions from ${fullName(group.student)}`} className={classes.cards}>
          {pages.slots
            .slice(0, shown)
            .map((slot) =>
              slot.kind === 'gone' ? (
                <GradedElsewhereCard
                  key={`gone-${slot.card.submission.id}`}
                  card={slot.card}
                  onDismiss={pages.dismiss}
                />
              ) : (
                <SubmissionCard
                  key={slot.submission.id}
                  submission={slot.submission}
                  draft={drafts[slot.submission.id] ?? emptyDraft}
                  selected={selected.has(slot.submission.id)}
                  busy={grading.isPending && pending.has(slot.submission.id)}
                  readOnly={readOnly}
                  onSelect={onSelect}
                  onDraft={onDraft}
                  onGrade={onGrade}
                  onOpenFile={setOpenFile}
                />
              ),
            )}
        </section>
      </Stack>
      <FilePreview file={openFile} onClose={() => setOpenFile(null)} />
      <AssessorDeclaration {...grading.declaration} />
    </>
  );
}
