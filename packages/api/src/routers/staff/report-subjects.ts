import { listEnrolledStudents } from '@evident/db/queries/grading';
import { z } from 'zod';
import { type ScopeReader, scopeFor } from '../../rules/class-scope';

export const reportSubjectsOutput = z.array(
  z.object({
    studentId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    units: z.array(z.object({ id: z.string(), unitCode: z.string(), title: z.string() })),
  }),
);
export type ReportSubject = z.infer<typeof reportSubjectsOutput>[number];

/** `staff.records.listSubjects`: every enrolled student in scope with their units, for the Export Report chooser. */
export async function listReportSubjects(deps: ScopeReader): Promise<ReportSubject[]> {
  const rows = await listEnrolledStudents(deps.db, { scope: await scopeFor(deps) });
  const byStudent = new Map<string, ReportSubject>();
  for (const row of rows) {
    let subject = byStudent.get(row.studentId);
    if (!subject) {
      subject = {
        studentId: row.studentId,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        units: [],
      };
      byStudent.set(row.studentId, subject);
    }
    subject.units.push({ id: row.unitId, unitCode: row.unitCode, title: row.unitTitle });
  }
  return [...byStudent.values()];
}
