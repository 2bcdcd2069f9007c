import type { GradeDraft } from '@evident/core/grading';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type GradingSubmission, groupByStudent, type StudentGroup } from './grading-types';

/**
 * A card that left the list while it was on screen and this screen did not grade it: another
 * assessor did (the live stream refetched the list). It stays, read-only, with what was typed into
 * it, until the assessor dismisses it or moves to another student.
 */
export type GoneCard = {
  submission: GradingSubmission;
  draft: GradeDraft | undefined;
  /** Where it stood among the student's cards, so it keeps its place. */
  index: number;
};

export type CardSlot = { kind: 'waiting'; submission: GradingSubmission } | { kind: 'gone'; card: GoneCard };

type Page = { studentId: string | null; index: number };

/**
 * The grading screen's pages, one student each, followed across refetches by student rather than by
 * position (someone else finishing an earlier student does not move this screen on), and the cards
 * that left the student on screen because someone else graded them. `gradingStarted`/`gradingEnded`
 * tell it what this screen itself grades: those cards leave quietly, unless the request fails (then
 * someone was first, and the card stays to say who).
 */
export function useGradingPages(
  data: readonly GradingSubmission[] | undefined,
  drafts: Readonly<Record<string, GradeDraft>>,
) {
  const serverGroups = useMemo(() => groupByStudent(data ?? []), [data]);
  // On the first student from the start, as the layout effect below would put it: set there, it made
  // React render the whole screen again inside the commit that takes a server-rendered screen over.
  const [page, setPage] = useState<Page>(() => ({ studentId: serverGroups[0]?.studentId ?? null, index: 0 }));
  const [gone, setGone] = useState<GoneCard[]>([]);
  const groups = useMemo(() => withGoneStudent(serverGroups, gone, page.index), [serverGroups, gone, page]);
  const index = resolveIndex(groups, page);
  const group = groups[index];

  const seenData = useRef(data);
  const draftsNow = useRef(drafts);
  draftsNow.current = drafts;
  const own = useRef(new Set<string>());
  const inFlight = useRef(new Set<string>());
  const waiting = useRef(new Map<string, GoneCard>());

  // Before paint, so a card never blinks out and back, nor the screen jumps to another student.
  useLayoutEffect(() => {
    let goneNow = gone;
    const before = seenData.current;
    if (data !== before) {
      seenData.current = data;
      const left = before && data && page.studentId ? leftCards(before, data, page.studentId) : [];
      const quiet: GoneCard[] = [];
      for (const card of left) {
        const id = card.submission.id;
        if (own.current.has(id)) continue;
        const kept = { ...card, draft: draftsNow.current[id] };
        if (inFlight.current.has(id)) waiting.current.set(id, kept);
        else quiet.push(kept);
      }
      if (quiet.length > 0) {
        goneNow = [...gone, ...quiet];
        setGone(goneNow);
      }
    }
    const shown = withGoneStudent(serverGroups, goneNow, page.index);
    const at = resolveIndex(shown, page);
    const studentId = shown[at]?.studentId ?? null;
    if (studentId !== page.studentId || at !== page.index) setPage({ studentId, index: at });
  });

  const changeStudent = useCallback(
    (next: number) => {
      const studentId = groups[next]?.studentId ?? null;
      setGone([]);
      setPage({
        studentId,
        index: Math.max(
          0,
          serverGroups.findIndex((g) => g.studentId === studentId),
        ),
      });
    },
    [groups, serverGroups],
  );
  const gradingStarted = useCallback((ids: readonly string[]) => {
    for (const id of ids) inFlight.current.add(id);
  }, []);
  const gradingEnded = useCallback((ids: readonly string[], succeeded: boolean) => {
    const kept: GoneCard[] = [];
    for (const id of ids) {
      inFlight.current.delete(id);
      if (succeeded) own.current.add(id);
      const card = waiting.current.get(id);
      waiting.current.delete(id);
      if (card && !succeeded) kept.push(card);
    }
    if (kept.length > 0) setGone((current) => [...current, ...kept]);
  }, []);
  const dismiss = useCallback((id: string) => {
    setGone((current) => current.filter((card) => card.submission.id !== id));
  }, []);

  return {
    groups,
    index,
    group,
    slots: group ? cardSlots(group.submissions, gone, group.studentId) : [],
    changeStudent,
    gradingStarted,
    gradingEnded,
    dismiss,
  };
}

/** The page's student where it now stands, or the page at the same place when they have gone. */
function resolveIndex(groups: readonly StudentGroup[], page: Page): number {
  const found = page.studentId ? groups.findIndex((group) => group.studentId === page.studentId) : -1;
  return found >= 0 ? found : Math.min(page.index, Math.max(0, groups.length - 1));
}

/** The student's cards in `before` that `now` no longer has, each with its place among them. */
export function leftCards(
  before: readonly GradingSubmission[],
  now: readonly GradingSubmission[],
  studentId: string,
): GoneCard[] {
  const still = new Set(now.map((submission) => submission.id));
  return before
    .filter((submission) => submission.studentId === studentId)
    .flatMap((submission, index) =>
      still.has(submission.id) ? [] : [{ submission, draft: undefined, index }],
    );
}

/**
 * The students with the one on screen kept while any of their cards is gone: when another assessor
 * graded the last of a student's cards, the student stays (with nothing waiting) until the assessor
 * has dismissed what they had typed.
 */
export function withGoneStudent(
  groups: readonly StudentGroup[],
  gone: readonly GoneCard[],
  at: number,
): StudentGroup[] {
  const first = gone[0]?.submission;
  if (!first || groups.some((group) => group.studentId === first.studentId)) return [...groups];
  const kept: StudentGroup = { studentId: first.studentId, student: first.student, submissions: [] };
  const index = Math.max(0, Math.min(at, groups.length));
  return [...groups.slice(0, index), kept, ...groups.slice(index)];
}

/** The student's waiting cards with their gone ones back in the places they held. */
export function cardSlots(
  submissions: readonly GradingSubmission[],
  gone: readonly GoneCard[],
  studentId: string,
): CardSlot[] {
  const slots: CardSlot[] = submissions.map((submission) => ({ kind: 'waiting', submission }));
  const mine = gone.filter((card) => card.submission.studentId === studentId);
  for (const card of [...mine].sort((a, b) => a.index - b.index)) {
    slots.splice(Math.min(card.index, slots.length), 0, { kind: 'gone', card });
  }
  return slots;
}
