/**
 * Enrols a file of email addresses (one a line, `Name <email>` allowed) in a class, as an admin, and
 * prints what happened to each: enrolled, already in the class, invited (a new account mailed a link
 * to set its password), or not enrolled and why.
 *
 *   EVIDENT_URL=https://evident.example EVIDENT_TOKEN=evd_… npx tsx enrol-class.ts CLASS_ID emails.txt
 */
import { readFileSync } from 'node:fs';
import { createEvidentClient } from '@evident/client';

const [classId, file] = process.argv.slice(2);
const url = process.env.EVIDENT_URL;
const token = process.env.EVIDENT_TOKEN;
if (!url || !token || !classId || !file) {
  console.error('Usage: EVIDENT_URL=… EVIDENT_TOKEN=… enrol-class.ts CLASS_ID EMAILS_FILE');
  process.exit(2);
}

const emails = readFileSync(file, 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean);
const evident = createEvidentClient({ url, token });
const { class: enrolledIn, results } = await evident.admin.classes.addStudents.mutate({
  id: classId,
  emails,
});
for (const result of results) console.log([result.outcome, result.email, result.message].join('\t'));
console.error(`${enrolledIn.name}: ${enrolledIn.students.length} students`);
