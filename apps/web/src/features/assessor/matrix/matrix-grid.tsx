import {
  type MatrixCell,
  type MatrixOutcome,
  type MatrixOutcomes,
  type MatrixProgress,
  type MatrixSubmissions,
  matrixCell,
  matrixCellLabel,
  matrixProgress,
} from '@evident/core/evidence-matrix';
import { fullName, initials } from '@evident/core/user';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type MouseEvent, memo, useCallback, useRef } from 'react';
import classes from './matrix-grid.module.css';
import boxClasses from './matrix-status-box.module.css';
import type { MatrixStudent, MatrixTask } from './matrix-types';
import { UnitCell } from './matrix-unit-cell';
import unitClasses from './matrix-unit-cell.module.css';

const rowHeight = 60;

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
 * (plus a few) are in the page, so a cohort of a thousand scrolls as lightly as one of ten.
 * Row indexes tell a screen reader where a row sits among all of them.
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
  const virtualizer = useVirtualizer({
    count: students.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 6,
  });

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
        <thead className={classes.head}>
          <tr aria-rowindex={1} className={`${classes.track} ${classes.headRow}`}>
            <th scope="col" className={classes.nameHead}>
              Student
            </th>
            {tasks.map((task, index) => (
              <th scope="col" key={task.id} className={classes.taskHead} title={task.title}>
                <span className={classes.taskNumber}>Task {index + 1}</span>
                <span className={classes.taskTitle}>{task.title}</span>
              </th>
            ))}
            <th scope="col" className={classes.progressHead}>
              Progress
            </th>
            <th scope="col" className={classes.unitHead}>
              Unit
            </th>
          </tr>
        </thead>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: delegated from the cell buttons, which handle keys themselves */}
        <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }} onClick={onClick}>
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

type MatrixRowProps = {
  index: number;
  top: number;
  student: MatrixStudent;
  tasks: readonly MatrixTask[];
  submissions: MatrixSubmissions;
  outcome: MatrixOutcome | undefined;
  canRecord: boolean;
};

const MatrixRow = memo(function MatrixRow({
  index,
  top,
  student,
  tasks,
  submissions,
  outcome,
  canRecord,
}: MatrixRowProps) {
  const name = fullName(student);
  const progress = matrixProgress(submissions, student.id, tasks);
  return (
    <tr
      aria-rowindex={index + 2}
      className={`${classes.track} ${classes.row}`}
      style={{ transform: `translateY(${top}px)` }}
      data-student={index}
      data-testid="matrix-row"
    >
      <th scope="row" className={classes.nameCell}>
        {/* A plain element, not Mantine's Avatar: dozens of rows mount on every scroll step. */}
        {student.profileImageUrl ? (
          <img className={classes.avatar} src={student.profileImageUrl} alt="" loading="lazy" />
        ) : (
          <span className={classes.avatar} aria-hidden>
            {initials(student)}
          </span>
        )}
        <div className={classes.who}>
          <span className={classes.name} title={name}>
            {name}
          </span>
          {/* Beside the email, not the name: on a phone the name needs the row's whole width. */}
          <span className={classes.detailLine}>
            {/* Their work stays on the matrix; the mark says they can no longer sign in to add to it. */}
            {student.deactivated ? (
              <span
                className={classes.deactivated}
                title="This student's account is deactivated: they can no longer sign in"
                data-testid="matrix-deactivated"
              >
                <span className={classes.srOnly}>Account </span>
                Deactivated
              </span>
            ) : null}
            <span className={classes.email} title={student.email}>
              {student.email}
            </span>
          </span>
          {/* On a phone Progress is the last of many columns: a glance at it must not mean scrolling
              past every task, so it shows here too. Screen readers have it in the Progress column. */}
          <span className={classes.nameProgress} aria-hidden data-testid="matrix-name-progress">
            <span className={classes.percent}>{progress.percent}%</span>
            <span className={classes.bar}>
              <span className={classes.barFill} style={{ width: `${progress.percent}%` }} />
            </span>
            <span className={classes.ratio}>
              {progress.satisfied}/{progress.total}
            </span>
            {outcome ? (
              <span className={unitClasses.nameOutcome} data-outcome-value={outcome.outcome}>
                {outcome.outcome === 'competent' ? 'C' : 'NYC'}
              </span>
            ) : null}
          </span>
        </div>
      </th>
      {tasks.map((task, column) => (
        <td key={task.id} className={classes.cell}>
          <CellBox cell={matrixCell(submissions, student.id, task.id)} column={column} />
        </td>
      ))}
      <ProgressCell progress={progress} />
      <UnitCell outcome={outcome} progress={progress} name={name} canRecord={canRecord} />
    </tr>
  );
});

/**
 * A coloured box with the file count, or '-' where there is no submission; it opens the submission,
 * or the empty task, where an assessor may observe the student at work (issue 29 §5).
 */
function CellBox({ cell, column }: { cell: MatrixCell | undefined; column: number }) {
  const label = matrixCellLabel(cell);
  if (!cell) {
    return (
      <button type="button" className={boxClasses.box} data-status="pending" data-task={column} title={label}>
        <span aria-hidden>-</span>
        <span className={classes.srOnly}>{label}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      className={boxClasses.box}
      data-status={cell.status}
      data-task={column}
      title={label}
      aria-label={label}
    >
      {cell.fileCount}
    </button>
  );
}

function ProgressCell({ progress }: { progress: MatrixProgress }) {
  return (
    <td className={classes.progressCell} data-testid="matrix-progress">
      <div className={classes.progressLine}>
        <span className={classes.percent}>{progress.percent}%</span>
        <span className={classes.ratio}>
          {progress.satisfied}/{progress.total}
        </span>
      </div>
      <div className={classes.bar} aria-hidden>
        <div className={classes.barFill} style={{ width: `${progress.percent}%` }} />
      </div>
    </td>
  );
}
