import { Button, Group } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
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
        <PhaseRow phases={phases}>
          <PhaseButton label="All" pressed={phase === null} onClick={() => onPhase(null)} />
          {phases.map((value) => (
            <PhaseButton key={value} label={value} pressed={phase === value} onClick={() => onPhase(value)} />
          ))}
        </PhaseRow>
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

/**
 * On a phone the chips scroll sideways in one row. While more chips lie past the right edge, the edge
 * fades and a chevron says so (a new student took a chip cut at the edge for the end of the list);
 * pressing it scrolls on. Scrolled to the end, the last chip shows whole, unfaded.
 */
function PhaseRow({ phases, children }: { phases: string[]; children: ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  const measure = useCallback(() => {
    const element = row.current;
    if (element) setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
  }, []);
  // Measured after each layout that changes the row or a chip (the first one too: a rotated phone,
  // fonts arriving, other phases), when reading their sizes forces no layout of its own.
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const chip of element.children) observer.observe(chip);
    return () => observer.disconnect();
  }, [measure, phases]);

  return (
    <div className={classes.phaseRow}>
      <Group
        ref={row}
        gap={6}
        role="group"
        aria-label="Filter by phase"
        className={classes.phases}
        data-more={more || undefined}
        onScroll={measure}
      >
        {children}
      </Group>
      {more ? (
        // For the eye and the thumb only: every chip is already reachable by keyboard and screen reader.
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          data-testid="more-phases"
          className={classes.morePhases}
          onClick={() => row.current?.scrollBy({ left: row.current.clientWidth * 0.6, behavior: 'smooth' })}
        >
          <IconChevronRight size={18} aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
