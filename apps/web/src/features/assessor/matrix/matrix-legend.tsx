import { matrixStatusLabels } from '@evident/core/evidence-matrix';
import type { TaskStatus } from '@evident/core/student-progress';
import classes from './matrix-page.module.css';
import boxClasses from './matrix-status-box.module.css';

const legendOrder: readonly TaskStatus[] = ['satisfactory', 'submitted', 'not_yet_satisfactory', 'pending'];

/** Spec: Satisfactory, Submitted, NYS, Pending, each beside a box coloured like the matrix's cells. */
export function MatrixLegend() {
  return (
    <ul className={classes.legend} aria-label="Legend" data-testid="matrix-legend">
      {legendOrder.map((status) => (
        <li key={status} className={classes.legendItem}>
          <span className={`${boxClasses.box} ${classes.legendBox}`} data-status={status} aria-hidden />
          {matrixStatusLabels[status]}
        </li>
      ))}
    </ul>
  );
}
