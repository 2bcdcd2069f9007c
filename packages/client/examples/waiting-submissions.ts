/**
 * Lists the submissions waiting for a decision for longer than N days (default 7), oldest first, as
 * an assessor: one tab-separated line each, ready for a spreadsheet or a chat message.
 *
 *   EVIDENT_URL=https://evident.example EVIDENT_TOKEN=evd_… npx tsx waiting-submissions.ts 14
 *
 * EVIDENT_CLASS_ID=<class id> lists one class only (the assessor's own, or any for an admin). A
 * student whose account is deactivated is marked so: their work waits, but they cannot sign in.
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

/** '1 day', '3 days': a count with its noun. */
const counted = (count: number, noun: string) => `${count} ${count === 1 ? noun : `${noun}s`}`;
const daysWaiting = (submission: Waiting) =>
  Math.floor((Date.now() - Date.parse(submission.submittedAt)) / 86_400_000);
for (const submission of waiting) {
  const { student, unit, task } = submission;
  const name = `${student.firstName} ${student.lastName}${student.deactivated ? ' (deactivated)' : ''}`;
  console.log([counted(daysWaiting(submission), 'day'), name, unit.unitCode, task.title].join('\t'));
}
const howMany = waiting.length === 0 ? 'No submissions' : counted(waiting.length, 'submission');
console.error(`${howMany} waiting longer than ${counted(days, 'day')}`);
