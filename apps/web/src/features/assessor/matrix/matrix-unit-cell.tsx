import type { MatrixOutcome, MatrixProgress } from '@evident/core/evidence-matrix';
import { unitOutcomeLabels } from '@evident/core/unit-outcome-values';
import classes from './matrix-grid.module.css';
import unitClasses from './matrix-unit-cell.module.css';

/**
 * The unit outcome (issue 29): the standing one opens to be seen or replaced; with every task
 * satisfactory and none yet, Record; before that there is nothing to judge.
 */
export function UnitCell({
  outcome,
  progress,
  name,
  canRecord,
  column,
}: {
  outcome: MatrixOutcome | undefined;
  progress: MatrixProgress;
  name: string;
  /** An assessor records; an admin (not viewing as one) sees the outcome only. */
  canRecord: boolean;
  /** Its column among all of the matrix's (aria-colindex): the task columns out of view are not in the page. */
  column: number;
}) {
  const ready = progress.total > 0 && progress.satisfied === progress.total;
  return (
    <td
      className={`${classes.unitCell} ${unitClasses.cell}`}
      aria-colindex={column}
      data-testid="matrix-unit-outcome"
    >
      {outcome ? (
        <button
          type="button"
          className={unitClasses.outcomeButton}
          data-outcome={outcome.outcome}
          aria-label={`${unitOutcomeLabels[outcome.outcome]}: see${canRecord ? ' or replace' : ''} the unit outcome of ${name}`}
        >
          {outcome.outcome === 'competent' ? 'Competent' : 'NYC'}
        </button>
      ) : ready && canRecord ? (
        <button
          type="button"
          className={unitClasses.recordButton}
          data-outcome=""
          aria-label={`Record the unit outcome of ${name}`}
        >
          Record
        </button>
      ) : ready ? (
        <span
          className={unitClasses.notReady}
          title="Every task is satisfactory: an assessor records the outcome"
        >
          Ready
        </span>
      ) : (
        <span className={unitClasses.notReady} title="Not every task is satisfactory yet">
          <span aria-hidden>-</span>
          <span className={classes.srOnly}>Not ready to judge</span>
        </span>
      )}
    </td>
  );
}
