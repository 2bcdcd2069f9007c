import { holdsPolicyCredential } from '@evident/core/validation';
import type { ValidationReport } from '@evident/core/validation-report';
import type { Database } from '@evident/db/client';
import { findUnit } from '@evident/db/queries/units';
import { namesOfUsers } from '@evident/db/queries/users';
import {
  findValidationPlan,
  findValidationRound,
  judgesOf,
  listCredentials,
  listValidationReviews,
  type ValidationReviewRow,
} from '@evident/db/queries/validation';
import { listValidationActions, type ValidationActionRow } from '@evident/db/queries/validation-actions';
import { orgTimeZone } from '../rules/org-time-zone';

/**
 * The reviews a round asks for and has not got: each validator's review of each sampled record they
 * did not judge, and each validator's review of the tool. Closing warns with this list; the report
 * prints it.
 */
export function missingReviews(
  validatorIds: string[],
  judges: Map<string, Set<string>>,
  reviews: Pick<ValidationReviewRow, 'validatorId' | 'studentId'>[],
): { validatorId: string; studentId: string | null }[] {
  const done = new Set(reviews.map((r) => `${r.validatorId}/${r.studentId ?? ''}`));
  const missing: { validatorId: string; studentId: string | null }[] = [];
  for (const validatorId of validatorIds) {
    for (const [studentId, judgedBy] of judges)
      if (!judgedBy.has(validatorId) && !done.has(`${validatorId}/${studentId}`))
        missing.push({ validatorId, studentId });
    if (!done.has(`${validatorId}/`)) missing.push({ validatorId, studentId: null });
  }
  return missing;
}

/** An action as the round page and the report show it. */
export function actionView(action: ValidationActionRow, names: Map<string, string>) {
  return {
    id: action.id,
    text: action.text,
    ownerId: action.ownerId,
    ownerName: action.ownerId ? (names.get(action.ownerId) ?? null) : null,
    createdAt: action.createdAt,
    doneAt: action.doneAt,
    doneByName: action.doneBy ? (names.get(action.doneBy) ?? null) : null,
  };
}

/** Everything the report prints about one round, read from the database; undefined for no such round. */
export async function readValidationReport(
  db: Database,
  roundId: string,
  now = new Date(),
): Promise<ValidationReport | undefined> {
  const found = await findValidationRound(db, roundId);
  if (!found) return undefined;
  const { round, validatorIds } = found;
  const studentIds = round.sample.map((s) => s.studentId);
  const [unit, plan, judges, credentials, reviews, actions, { timeZone }] = await Promise.all([
    findUnit(db, round.unitId),
    findValidationPlan(db, round.unitId),
    judgesOf(db, { unitId: round.unitId, studentIds }),
    listCredentials(db, validatorIds),
    listValidationReviews(db, round.id),
    listValidationActions(db, [round.id]),
    orgTimeZone(db),
  ]);
  const people = [
    ...studentIds,
    ...validatorIds,
    ...[...judges.values()].flatMap((set) => [...set]),
    ...actions.flatMap((a) => [a.ownerId, a.doneBy].filter((id): id is string => id !== null)),
    ...[round.createdBy, round.closedBy].filter((id): id is string => id !== null),
  ];
  const names = await namesOfUsers(db, people);
  const name = (id: string) => names.get(id) ?? 'Former user';
  return {
    round: {
      id: round.id,
      status: round.status,
      sampleMethod: round.sampleMethod,
      createdAt: round.createdAt.toISOString(),
      createdByName: round.createdBy ? name(round.createdBy) : null,
      closedAt: round.closedAt?.toISOString() ?? null,
      closedByName: round.closedBy ? name(round.closedBy) : null,
    },
    unit: { unitCode: unit?.unitCode ?? '', title: unit?.title ?? '', release: unit?.release ?? null },
    plan: plan
      ? {
          lastValidatedOn: plan.lastValidatedOn,
          nextDueOn: plan.nextDueOn,
          risk: plan.risk,
          riskReason: plan.riskReason,
        }
      : null,
    validators: validatorIds.map((id) => {
      const own = credentials.filter((c) => c.userId === id);
      return {
        name: name(id),
        credentials: own.map((c) => ({ code: c.code, title: c.title, heldOn: c.heldOn })),
        meetsCredentialPolicy: own.some((c) => holdsPolicyCredential(c.code)),
      };
    }),
    sample: studentIds.map((studentId) => ({
      studentId,
      studentName: name(studentId),
      assessors: [...(judges.get(studentId) ?? [])].map(name),
      reviews: reviews
        .filter((r) => r.studentId === studentId)
        .map((r) => ({
          validatorName: name(r.validatorId),
          agrees: r.agrees,
          reason: r.reason ?? '',
          at: r.createdAt.toISOString(),
        })),
    })),
    toolReviews: reviews
      .filter((r) => r.studentId === null)
      .map((r) => ({
        validatorName: name(r.validatorId),
        findings: r.findings ?? '',
        recommendedChanges: r.recommendedChanges ?? '',
        at: r.createdAt.toISOString(),
      })),
    missing: missingReviews(validatorIds, judges, reviews).map((m) => ({
      validatorName: name(m.validatorId),
      studentId: m.studentId,
      studentName: m.studentId ? name(m.studentId) : null,
    })),
    actions: actions.map((a) => {
      const view = actionView(a, names);
      return {
        text: view.text,
        ownerName: view.ownerName,
        createdAt: view.createdAt.toISOString(),
        doneAt: view.doneAt?.toISOString() ?? null,
        doneByName: view.doneByName,
      };
    }),
    generatedAt: now.toISOString(),
    timeZone,
  };
}

/** A file name any system accepts: `validation-report-BSBWHS411-2026-11-27.pdf`. */
export function validationReportFileName(unitCode: string, createdAt: string): string {
  const plain = unitCode.normalize('NFKD').replace(/[^\w-]+/g, '');
  return `validation-report-${plain || 'unit'}-${createdAt.slice(0, 10)}.pdf`;
}
