import {
  type MatrixOutcomes,
  type MatrixProgress,
  type MatrixSubmissions,
  matrixProgress,
} from '@evident/core/evidence-matrix';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type FocusEvent,
  type MouseEvent,
  useCallback,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { type RenderHints, useRenderHints, type Viewport } from '../../../start-up/render-hints';
import classes from './matrix-grid.module.css';
import { MatrixRow } from './matrix-row';
import type { MatrixStudent, MatrixTask } from './matrix-types';

const rowHeight = 60;
/** The narrowest a task column and the student column are (matrix-grid.module.css, on a phone). */
const cellWidth = 92;
const nameWidth = 168;
/**
 * The box's size before it is measured: the server's render (apps/server/src/first-screen.ts) and
 * the browser's first one, which takes that markup over, draw the rows and columns of the window the
 * render hints name (a phone's: some five task columns, not 18), else a laptop's, so the first
 * paint has students and their tasks in it rather than an empty grid, and a phone lays out, paints
 * and takes over no more cells than it shows. The measured box then decides.
 */
const laptopRect = { width: 1440, height: 720 };

function firstPaintRect(hints: RenderHints): Viewport {
  // Rendered here, not taken over: the window itself is the size.
  if (!hints.rendered && typeof window !== 'undefined') {
    return { width: window.innerWidth, height: window.innerHeight };
  }
  if (!hints.viewport) return laptopRect;
  // The box is at most the window, less the top bar, title and filters above it (some 150 px).
  return { width: hints.viewport.width, height: Math.max(rowHeight * 4, hints.viewport.height - 150) };
}

type MatrixGridProps = {
  students: readonly MatrixStudent[];
  tasks: readonly MatrixTask[];
  submissions: MatrixSubmissions;
  outcomes: MatrixOutcomes;
  onOpenCell: (student: MatrixStudent, task: MatrixTask) => void;
  /** The Unit column's button: record the student's unit outcome, or see and replace it. */
  onOpenOutcome: (student: MatrixStudent) => void;
  /** Whether the reader records outcomes (an assessor) or only sees them (an admin). */
  canRecord: boolean;
};

/**
 * The matrix itself: a row per student, a column per task, then Progress and the unit outcome. Only the rows in view
 * (plus a few) are in the page, so a cohort of a thousand scrolls as lightly as one of ten, and of the
 * task columns only those in view (plus a couple) and the first and last: 40 tasks on a phone are
 * 40 buttons a row, of which three show. Row and column indexes tell a screen reader where a cell
 * sits among all of them.
 */
export function MatrixGrid({
  students,
  tasks,
  submissions,
  outcomes,
  onOpenCell,
  onOpenOutcome,
  canRecord,
}: MatrixGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const hints = useRenderHints();
  const [initialRect] = useState(() => firstPaintRect(hints));
  const virtualizer = useVirtualizer({
    count: students.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    initialRect,
    overscan: 6,
    // The rows a scroll brings render in a task after the scroll event's, not inside it: a throttled
    // phone's scroll steps were one long task each (the overscan covers the frame in between).
    useFlushSync: false,
  });
  // Widths as on a phone, the narrowest they are: where the columns are wider (a laptop), more than
  // are in view are kept, never fewer.
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: tasks.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => cellWidth,
    paddingStart: nameWidth,
    initialRect,
    overscan: 2,
    useFlushSync: false,
  });
  // The column of the cell focused, kept in the page with its neighbours whatever has scrolled yet:
  // Tab (or Shift+Tab) pressed before the box's scroll to the focused cell has been seen must still
  // find the next column there, not skip to the row's last.
  const [focusedColumn, setFocusedColumn] = useState<number | null>(null);
  const columns = useShownColumns(columnVirtualizer, tasks.length, focusedColumn);
  const onFocus = useCallback((event: FocusEvent<HTMLTableSectionElement>) => {
    const column = Number((event.target as HTMLElement).dataset.task ?? Number.NaN);
    if (Number.isInteger(column)) flushSync(() => setFocusedColumn(column));
  }, []);

  // Each student's progress, worked out once per answer, when their row first shows: a row renders
  // again whenever the columns in view change.
  const progressOf = useMemo(() => {
    const known = new Map<string, MatrixProgress>();
    return (studentId: string) => {
      const progress = known.get(studentId) ?? matrixProgress(submissions, studentId, tasks);
      known.set(studentId, progress);
      return progress;
    };
  }, [submissions, tasks]);

  // One listener for every cell: a button carries its row and column in data attributes.
  const onClick = useCallback(
    (event: MouseEvent<HTMLTableSectionElement>) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>(
        'button[data-task], button[data-outcome]',
      );
      const row = button?.closest<HTMLElement>('[data-student]');
      const student = students[Number(row?.dataset.student)];
      if (student && button?.dataset.outcome !== undefined) return onOpenOutcome(student);
      const task = tasks[Number(button?.dataset.task)];
      if (student && task) onOpenCell(student, task);
    },
    [students, tasks, onOpenCell, onOpenOutcome],
  );

  // Every task's heading, made once per answer rather than on every scroll step (the grid renders
  // again as rows and columns come into view; the headings never change with them).
  const head = useMemo(
    () => (
      <thead className={classes.head}>
        <tr aria-rowindex={1} className={`${classes.track} ${classes.headRow}`}>
          <th scope="col" className={classes.nameHead} aria-colindex={1}>
            Student
          </th>
          {tasks.map((task, index) => (
            <th
              scope="col"
              key={task.id}
              className={classes.taskHead}
              title={task.title}
              aria-colindex={index + 2}
            >
              <span className={classes.taskNumber}>Task {index + 1}</span>
              <span className={classes.taskTitle}>{task.title}</span>
            </th>
          ))}
          <th scope="col" className={classes.progressHead} aria-colindex={tasks.length + 2}>
            Progress
          </th>
          <th scope="col" className={classes.unitHead} aria-colindex={tasks.length + 3}>
            Unit
          </th>
        </tr>
      </thead>
    ),
    [tasks],
  );

  const sizes = { '--tasks': tasks.length, '--rows': students.length } as CSSProperties;
  // Real table elements laid out as grids: screen readers keep the table, the rows can be virtual.
  return (
    <div ref={scroller} className={classes.scroller} style={sizes} data-testid="evidence-matrix">
      <table
        className={classes.table}
        aria-label="Evidence matrix"
        aria-rowcount={students.length + 1}
        aria-colcount={tasks.length + 3}
      >
        {head}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: delegated from the cell buttons, which handle keys themselves */}
        <tbody
          className={classes.body}
          style={{ height: virtualizer.getTotalSize() }}
          onClick={onClick}
          onFocus={onFocus}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const student = students[item.index];
            if (!student) return null;
            return (
              <MatrixRow
                key={student.id}
                index={item.index}
                top={item.start}
                student={student}
                tasks={tasks}
                columns={columns}
                progress={progressOf(student.id)}
                submissions={submissions}
                outcome={outcomes[student.id]}
                canRecord={canRecord}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The task columns a row puts in the page: those the virtualizer has in view, the focused one and its
 * neighbours, and always the first and the last, so Tab moves through a row and on to the next as it
 * did with every column there: from a row's end to the next row's first task (the box then scrolls
 * back to it), Shift+Tab from a row's first task to the row before's last. One array while these
 * stand, so the rows (memoised) render again only when they move.
 */
function useShownColumns(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  count: number,
  focused: number | null,
): readonly number[] {
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  return useMemo(() => {
    const shown = new Set<number>();
    for (let column = first; column <= last; column++) shown.add(column);
    for (const column of [0, count - 1, ...(focused === null ? [] : [focused - 1, focused, focused + 1])]) {
      if (column >= 0 && column < count) shown.add(column);
    }
    return [...shown].sort((a, b) => a - b);
  }, [first, last, count, focused]);
}
