import {
  type MatrixCell,
  type MatrixOutcome,
  type MatrixProgress,
  type MatrixSubmissions,
  matrixCell,
  matrixCellLabel,
} from '@evident/core/evidence-matrix';
import { fullName, initials } from '@evident/core/user';
import { memo } from 'react';
import classes from './matrix-grid.module.css';
import boxClasses from './matrix-status-box.module.css';
import type { MatrixStudent, MatrixTask } from './matrix-types';
import { UnitCell } from './matrix-unit-cell';
import unitClasses from './matrix-unit-cell.module.css';

type MatrixRowProps = {
  index: number;
  top: number;
  student: MatrixStudent;
  tasks: readonly MatrixTask[];
  /** The task columns in the page (matrix-grid.tsx's `shownColumns`), in order. */
  columns: readonly number[];
  /** The student's progress (matrix-grid.tsx works it out once per answer). */
  progress: MatrixProgress;
  submissions: MatrixSubmissions;
  outcome: MatrixOutcome | undefined;
  canRecord: boolean;
};

/**
 * One student's row: their name, the task columns in the page, Progress and the unit outcome. Each
 * cell says which column it is (aria-colindex) and sits in its own grid track, since the columns out
 * of view are not in the page.
 */
export const MatrixRow = memo(function MatrixRow({
  index,
  top,
  student,
  tasks,
  columns,
  progress,
  submissions,
  outcome,
  canRecord,
}: MatrixRowProps) {
  const name = fullName(student);
  return (
    <tr
      aria-rowindex={index + 2}
      className={`${classes.track} ${classes.row}`}
      style={{ transform: `translateY(${top}px)` }}
      data-student={index}
      data-testid="matrix-row"
    >
      <NameCell student={student} name={name} progress={progress} outcome={outcome} />
      {columns.map((column) => {
        const task = tasks[column];
        if (!task) return null;
        return <TaskCell key={task.id} cell={matrixCell(submissions, student.id, task.id)} column={column} />;
      })}
      <ProgressCell progress={progress} column={tasks.length + 2} />
      <UnitCell
        outcome={outcome}
        progress={progress}
        name={name}
        canRecord={canRecord}
        column={tasks.length + 3}
      />
    </tr>
  );
});

/**
 * The row's header: avatar, name, email and, on a phone, the progress. Apart from the row, so the
 * row rendering again as columns come and go into view leaves it be.
 */
const NameCell = memo(function NameCell({
  student,
  name,
  progress,
  outcome,
}: {
  student: MatrixStudent;
  name: string;
  progress: MatrixProgress;
  outcome: MatrixOutcome | undefined;
}) {
  return (
    <th scope="row" className={classes.nameCell} aria-colindex={1}>
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
  );
});

/**
 * A coloured box with the file count, or '-' where there is no submission; it opens the submission,
 * or the empty task, where an assessor may observe the student at work (issue 29 §5).
 */
const TaskCell = memo(function TaskCell({ cell, column }: { cell: MatrixCell | undefined; column: number }) {
  return (
    <td className={classes.cell} aria-colindex={column + 2} style={{ gridColumn: column + 2 }}>
      <CellBox cell={cell} column={column} />
    </td>
  );
});

function CellBox({ cell, column }: { cell: MatrixCell | undefined; column: number }) {
  const label = matrixCellLabel(cell);
  const onlyObservations = cell !== undefined && cell.fileCount === 0 && (cell.observations ?? 0) > 0;
  if (!cell) {
    // Named by its label, as a submitted cell is, rather than by a hidden span: half the cells of a
    // cohort are pending, and two elements fewer each is that much less for every scroll step to add.
    return (
      <button
        type="button"
        className={boxClasses.box}
        data-status="pending"
        data-task={column}
        title={label}
        aria-label={label}
      >
        -
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
      data-observations-only={onlyObservations || undefined}
    >
      {/* A submission holding only observation checklists shows those (issue 29 §5), not '0'. */}
      {onlyObservations ? `${cell.observations} obs` : cell.fileCount}
    </button>
  );
}

const ProgressCell = memo(function ProgressCell({
  progress,
  column,
}: {
  progress: MatrixProgress;
  column: number;
}) {
  return (
    <td className={classes.progressCell} aria-colindex={column} data-testid="matrix-progress">
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
});
