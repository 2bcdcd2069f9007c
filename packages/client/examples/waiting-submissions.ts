/**
 * Lists the submissions waiting for a decision for longer than N days (default 7), oldest first, as
 * an assessor: one tab-separated line each, ready for a spreadsheet or a chat message.
 *
 *   EVIDENT_URL=https://evident.example EVIDENT_TOKEN=evd_… npx tsx waiting-submissions.ts 14
 *
 * EVIDENT_CLASS_ID=<class id> lists one class only (the assessor's own, or any for an admin).
 */
import { createEvidentClient, type RouterOutputs } from '@evident/client';

type Waiting = RouterOutputs['staff']['submissions']['list'][number];

const days = Number(process.argv[2] ?? 7);
const url = process.env.EVIDENT_URL;
const token = process.env.EVIDENT_TOKEN;
const classId = process.env.EVIDENT_CLASS_ID;
if (!url || !token || !Number.isFinite(days) || days < 0) {
  console.error('Usage: EVIDENT_URL=… EVIDENT_TOKEN=… waiting-submissions.ts [DAYS]');
  process.exit(2);
}

const evident = createEvidentClient({ url, token });
const cutoff = Date.now() - days * 24 * 60 * 60 * 1000;
const waiting: Waiting[] = (await evident.staff.submissions.list.query(classId ? { classId } : undefined))
  .filter((submission) => Date.parse(submission.submittedAt) < cutoff)
  .sort((a, b) => Date.parse(a.submittedAt) - Date.parse(b.submittedAt));

const daysWaiting = (submission: Waiting) =>
  Math.floor((Date.now() - Date.parse(submission.submittedAt)) / 86_400_000);
for (const submission of waiting) {
  const { student, unit, task } = submission;
  console.log(
    [
      `${daysWaiting(submission)} days`,
      `${student.firstName} ${student.lastName}`,
      unit.unitCode,
      task.title,
    ].join('\t'),
  );
}
console.error(`${waiting.length} waiting longer than ${days} days`);
