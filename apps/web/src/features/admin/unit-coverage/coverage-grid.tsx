import { requirementSectionTitles } from '@evident/core/requirements';
import { IconCheck } from '@tabler/icons-react';
import type { AdminCoverage } from '../admin-types';
import classes from './coverage.module.css';

type Item = AdminCoverage['items'][number];

/**
 * Items grouped by section in the unit's order; each element heads its own criteria, as the register
 * prints them, rather than a section of its own between them.
 */
function bySection(items: Item[]) {
  const groups: { section: Item['section']; title: string; items: Item[] }[] = [];
  for (const item of items) {
    const section = item.section === 'element' ? 'pc' : item.section;
    const last = groups.at(-1);
    if (last && last.section === section) last.items.push(item);
    else
      groups.push({
        section,
        title:
          section === 'pc'
            ? 'Elements and Performance Criteria'
            : `${requirementSectionTitles[section]}${item.coverable ? '' : ' (for reference)'}`,
        items: [item],
      });
  }
  return groups;
}

/**
 * Items down, tasks across, a tick where a task maps the item. A real table, so a screen reader
 * reads each cell with its item and task; it scrolls in its own box, reachable by keyboard.
 */
export function CoverageGrid({ coverage }: { coverage: AdminCoverage }) {
  const { tasks } = coverage;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to scroll it by keyboard
    <section className={classes.scroller} aria-label="Coverage grid" tabIndex={0}>
      <table className={classes.table}>
        <caption className={classes.srOnly}>
          Requirements of {coverage.unit.unitCode} down, tasks across; a tick where a task maps the item
        </caption>
        <thead>
          <tr>
            <th scope="col" className={classes.itemHead}>
              Requirement
            </th>
            {tasks.map((task, index) => (
              <th key={task.id} scope="col" className={classes.taskHead} title={task.title}>
                <span className={classes.taskTitle}>
                  <span aria-hidden>{index + 1}. </span>
                  {task.title}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        {/* A body per section, its heading naming the rows under it for a screen reader. */}
        {bySection(coverage.items).map((group, index) => (
          <tbody key={`${group.section}:${index}`}>
            <tr className={classes.sectionRow}>
              <th scope="rowgroup" colSpan={tasks.length + 1}>
                <span className={classes.sectionLabel}>{group.title}</span>
              </th>
            </tr>
            {group.items.map((item) => (
              <ItemRow key={item.id} item={item} taskIds={tasks.map((task) => task.id)} />
            ))}
          </tbody>
        ))}
      </table>
    </section>
  );
}

function ItemRow({ item, taskIds }: { item: Item; taskIds: string[] }) {
  const uncovered = item.coverable && item.taskIds.length === 0;
  const rowClass = [
    uncovered ? classes.uncoveredRow : '',
    item.coverable ? '' : classes.reference,
    item.section === 'element' ? classes.elementRow : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <tr className={rowClass || undefined} data-key={item.key}>
      <th
        scope="row"
        className={`${classes.itemCell} ${item.parentKey ? classes.nested : ''}`}
        title={item.text}
      >
        <span className={classes.key}>{item.key}</span>
        {uncovered ? <span className={classes.srOnly}>, not covered</span> : null}
        <span className={classes.itemText}>{item.text}</span>
      </th>
      {taskIds.map((taskId) => {
        const mapped = item.taskIds.includes(taskId);
        return (
          <td key={taskId} className={classes.cell}>
            {mapped ? (
              <IconCheck size={18} className={classes.tick} role="img" aria-label="Mapped" />
            ) : (
              <span className={classes.srOnly}>Not mapped</span>
            )}
          </td>
        );
      })}
    </tr>
  );
}
