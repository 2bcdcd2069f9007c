/**
 * Issue 31 §3: the Evidence Matrix's answer as a server-rendered page carries it for the app
 * (apps/server/src/first-screen.ts), and back. The answer keys each cell `studentId-taskId`: at 200
 * students x 40 tasks some 4,000 keys of 73 characters, most of half a megabyte that a phone's
 * parser and the page's JSON block read through, at some 60-70 ms of a throttled phone's main thread.
 * In the page each cell is three numbers instead (the student's place, the task's, the cell's among
 * the answer's distinct cells); the app expands it once, to the very answer the API gives (the same
 * keys in the same order), before anything reads it. The API's answers are not touched.
 *
 * No zod and nothing of the UI: the first screen's start-up path (boot-answers.ts) and the server's
 * render (server-render.tsx) import it.
 */

/** The shape this module needs of `staff.evidenceMatrix.get`'s answer. */
type MatrixAnswer = {
  students: readonly { id: string }[];
  tasks: readonly { id: string }[];
  submissions: Readonly<Record<string, unknown>>;
};

/**
 * The answer with `submissions` replaced by `cellValues` and `cells`, and a mark saying so. Cells
 * that are the same are one value (shared, never changed: the matrix only reads them).
 */
type CompactMatrix = Record<string, unknown> & {
  compactMatrix: 1;
  cellValues: unknown[];
  /** Flat: student index, task index, index into `cellValues`, for each cell in the answer's order. */
  cells: number[];
  /** Any key that names no student and task of the answer, kept as it was (none in practice). */
  otherSubmissions?: Record<string, unknown>;
};

const compactMark = 'compactMatrix';

function isMatrixAnswer(value: unknown): value is MatrixAnswer {
  const answer = value as Partial<MatrixAnswer> | null;
  return (
    typeof answer === 'object' &&
    answer !== null &&
    Array.isArray(answer.students) &&
    Array.isArray(answer.tasks) &&
    typeof answer.submissions === 'object' &&
    answer.submissions !== null
  );
}

export function isCompactMatrix(value: unknown): value is CompactMatrix {
  return typeof value === 'object' && value !== null && (value as CompactMatrix)[compactMark] === 1;
}

/** The answer as the page carries it; anything else unchanged. */
export function compactMatrix(answer: unknown): unknown {
  if (!isMatrixAnswer(answer)) return answer;
  const studentIndex = new Map(answer.students.map((student, index) => [student.id, index]));
  const taskIndex = new Map(answer.tasks.map((task, index) => [task.id, index]));
  const valueIndex = new Map<string, number>();
  const cellValues: unknown[] = [];
  const cells: number[] = [];
  const otherSubmissions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answer.submissions)) {
    const place = placeOf(key, studentIndex, taskIndex);
    if (!place) {
      otherSubmissions[key] = value;
      continue;
    }
    const text = JSON.stringify(value);
    let index = valueIndex.get(text);
    if (index === undefined) {
      index = cellValues.length;
      valueIndex.set(text, index);
      cellValues.push(value);
    }
    cells.push(place[0], place[1], index);
  }
  const compact: Record<string, unknown> = { [compactMark]: 1 };
  // The answer's own keys in their order, `submissions` where it stood.
  for (const [key, value] of Object.entries(answer)) {
    if (key !== 'submissions') {
      compact[key] = value;
      continue;
    }
    compact.cellValues = cellValues;
    compact.cells = cells;
    if (Object.keys(otherSubmissions).length > 0) compact.otherSubmissions = otherSubmissions;
  }
  return compact;
}

/** The answer the API gives, from the page's form of it; anything else unchanged. */
export function expandMatrix(value: unknown): unknown {
  if (!isCompactMatrix(value)) return value;
  const { cellValues, cells, otherSubmissions } = value;
  const students = value.students as MatrixAnswer['students'];
  const tasks = value.tasks as MatrixAnswer['tasks'];
  const submissions: Record<string, unknown> = {};
  for (let i = 0; i + 2 < cells.length; i += 3) {
    const student = students[cells[i] as number];
    const task = tasks[cells[i + 1] as number];
    if (student && task) submissions[`${student.id}-${task.id}`] = cellValues[cells[i + 2] as number];
  }
  Object.assign(submissions, otherSubmissions);
  const answer: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === compactMark || key === 'otherSubmissions' || key === 'cells') continue;
    if (key === 'cellValues') answer.submissions = submissions;
    else answer[key] = field;
  }
  return answer;
}

/**
 * `studentId-taskId` split by the answer's own ids. Ids may hold '-' themselves (UUIDs do), so each
 * place the key could split at is tried.
 */
function placeOf(
  key: string,
  students: Map<string, number>,
  tasks: Map<string, number>,
): [number, number] | null {
  for (let at = key.indexOf('-'); at !== -1; at = key.indexOf('-', at + 1)) {
    const student = students.get(key.slice(0, at));
    const task = student === undefined ? undefined : tasks.get(key.slice(at + 1));
    if (student !== undefined && task !== undefined) return [student, task];
  }
  return null;
}
