import type { GradeStatus } from '@evident/core/grading';
import { unitOutcomeLabels } from '@evident/core/unit-outcome-values';
import { fullName } from '@evident/core/user';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { DateTimeText, dateOnly } from '../../../format/date-time';
import { lazyDialog } from '../../dialog/lazy-dialog';
import type { GradingSubmission } from '../grading-types';
import type { OutcomeSubject } from './unit-outcome-dialog';

const UnitOutcomeDialog = lazyDialog<{ subject: OutcomeSubject | null; onClose: () => void }>(
  () => import('./unit-outcome-dialog').then((module) => module.UnitOutcomeDialog),
  (props) => props.subject !== null,
);

/** A student and unit this screen has judged a task of Satisfactory in. */
export type JudgedUnit = { student: OutcomeSubject['student']; unit: OutcomeSubject['unit'] };

const keyOf = (judged: { studentId: string; unitId: string }) => `${judged.studentId} ${judged.unitId}`;

/**
 * The students and units the grading screen has judged Satisfactory in since it was opened, newest
 * first: `note` is told of each decision as it is sent, `graded` once it is recorded.
 */
export function useJudgedUnits(shown: readonly GradingSubmission[] | undefined) {
  const sent = useRef(new Map<string, JudgedUnit>());
  const [judged, setJudged] = useState<JudgedUnit[]>([]);
  const note = useCallback(
    (status: GradeStatus, ids: readonly string[]) => {
      if (status !== 'satisfactory') return;
      for (const submission of shown ?? []) {
        if (!ids.includes(submission.id)) continue;
        sent.current.set(submission.id, {
          student: { id: submission.studentId, ...submission.student },
          unit: submission.unit,
        });
      }
    },
    [shown],
  );
  const graded = useCallback((ids: readonly string[]) => {
    const added = ids.flatMap((id) => {
      const entry = sent.current.get(id);
      sent.current.delete(id);
      return entry ? [entry] : [];
    });
    if (added.length === 0) return;
    setJudged((current) => {
      const next = [...added, ...current];
      const seen = new Set<string>();
      return next.filter((entry) => {
        const key = keyOf({ studentId: entry.student.id, unitId: entry.unit.id });
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    });
  }, []);
  const dismiss = useCallback((entry: JudgedUnit) => {
    setJudged((current) => current.filter((e) => e !== entry));
  }, []);
  return { judged, note, graded, dismiss };
}

/**
 * Issue 29 §4 on the grading screen: once the assessor's decision leaves every task of a unit
 * satisfactory for a student with no outcome standing, the unit outcome is offered here, without a
 * detour to the Evidence Matrix; an outcome standing is shown instead. Units not yet complete say nothing.
 */
export function UnitOutcomeOffers({
  judged,
  onDismiss,
}: {
  judged: readonly JudgedUnit[];
  onDismiss: (entry: JudgedUnit) => void;
}) {
  const pairs = judged.slice(0, 50).map((entry) => ({ studentId: entry.student.id, unitId: entry.unit.id }));
  const progress = trpc.staff.unitOutcomes.listProgress.useQuery({ pairs }, { enabled: pairs.length > 0 });
  const [subject, setSubject] = useState<OutcomeSubject | null>(null);
  const rows = new Map((progress.data ?? []).map((row) => [keyOf(row), row]));
  const offers = judged.flatMap((entry) => {
    const row = rows.get(keyOf({ studentId: entry.student.id, unitId: entry.unit.id }));
    const complete = row && row.total > 0 && row.satisfied === row.total;
    return row && (complete || row.standing) ? [{ entry, row }] : [];
  });
  // A unit newly ready is brought into view: on a phone the decision was made a screen further down.
  const section = useRef<HTMLDivElement>(null);
  const ready = offers.filter((offer) => !offer.row.standing).map((offer) => keyOf(offer.row));
  const seen = useRef(new Set<string>());
  const readyNow = ready.join(',');
  useEffect(() => {
    const fresh = readyNow.split(',').filter((key) => key && !seen.current.has(key));
    for (const key of fresh) seen.current.add(key);
    if (fresh.length > 0) section.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [readyNow]);
  return (
    <>
      {offers.length > 0 ? (
        <Stack
          ref={section}
          gap="sm"
          component="section"
          aria-label="Unit outcomes"
          data-testid="unit-outcome-offers"
          style={{
            scrollMarginTop: 'calc(var(--app-shell-header-offset, 60px) + var(--mantine-spacing-md))',
          }}
        >
          {offers.map(({ entry, row }) => {
            const name = fullName(entry.student);
            const open = () =>
              setSubject({
                student: entry.student,
                unit: entry.unit,
                satisfied: row.satisfied,
                total: row.total,
              });
            const standing = row.standing;
            return (
              <Alert
                key={keyOf(row)}
                variant="light"
                color={standing?.outcome === 'not_yet_competent' ? 'orange' : 'teal'}
                icon={<IconAward size={20} aria-hidden />}
                title={
                  standing
                    ? `${name}: ${unitOutcomeLabels[standing.outcome]} in ${entry.unit.unitCode}`
                    : `${name} has every task in ${entry.unit.unitCode} satisfactory`
                }
                withCloseButton
                closeButtonLabel={`Dismiss ${name}’s ${entry.unit.unitCode}`}
                onClose={() => onDismiss(entry)}
                data-testid="unit-outcome-offer"
              >
                <Stack gap="xs" align="flex-start">
                  {standing ? (
                    <Text size="sm">
                      Recorded by {standing.assessorName ?? 'a former assessor'} on{' '}
                      <DateTimeText value={standing.createdAt} options={dateOnly} />.
                    </Text>
                  ) : (
                    <Text size="sm">
                      All {row.total} {row.total === 1 ? 'task is' : 'tasks are'} judged: record the unit
                      outcome while the evidence is fresh.
                      {row.undeclared
                        ? ' Some of their files are not declared yet, so Competent waits for their declaration.'
                        : ''}
                    </Text>
                  )}
                  <Button
                    size="sm"
                    variant={standing ? 'default' : 'filled'}
                    color="teal"
                    onClick={open}
                    aria-label={`${standing ? 'View unit outcome' : 'Record unit outcome'} for ${name} in ${entry.unit.unitCode}`}
                  >
                    {standing ? 'View unit outcome' : 'Record unit outcome'}
                  </Button>
                </Stack>
              </Alert>
            );
          })}
        </Stack>
      ) : null}
      <UnitOutcomeDialog subject={subject} onClose={() => setSubject(null)} />
    </>
  );
}
