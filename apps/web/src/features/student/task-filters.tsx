import { Button, Group } from '@mantine/core';
import { SearchField } from '../search/search-field';
import classes from './student-home.module.css';

type TaskFiltersProps = {
  search: string;
  onSearch: (value: string) => void;
  phases: string[];
  phase: string | null;
  onPhase: (phase: string | null) => void;
};

/** Search by title or description, and one button per phase of the student's tasks (plus All). */
export function TaskFilters({ search, onSearch, phases, phase, onPhase }: TaskFiltersProps) {
  return (
    <div className={classes.filters}>
      <SearchField
        label="Search tasks"
        placeholder="Search by title or description"
        value={search}
        onChange={onSearch}
        className={classes.search}
      />
      {phases.length > 0 ? (
        <Group gap={6} role="group" aria-label="Filter by phase" className={classes.phases}>
          <PhaseButton label="All" pressed={phase === null} onClick={() => onPhase(null)} />
          {phases.map((value) => (
            <PhaseButton key={value} label={value} pressed={phase === value} onClick={() => onPhase(value)} />
          ))}
        </Group>
      ) : null}
    </div>
  );
}

function PhaseButton({ label, pressed, onClick }: { label: string; pressed: boolean; onClick: () => void }) {
  return (
    <Button
      size="compact-sm"
      radius="xl"
      variant={pressed ? 'filled' : 'default'}
      aria-pressed={pressed}
      onClick={onClick}
      className={classes.phaseButton}
    >
      {label}
    </Button>
  );
}
