import type { StudentProgress } from '@evident/core/student-progress';
import { Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconSchool } from '@tabler/icons-react';
import { positionedWhileOpen } from '../widgets/positioned-while-open';
import { SelectOnDemand } from '../widgets/select-on-demand';
import classes from './student-home.module.css';

export type UnitChoice = { id: string; unitCode: string; title: string; progress: StudentProgress };

type UnitSwitcherProps = { units: UnitChoice[]; value: string; onChange: (unitId: string) => void };

/** Which of the student's units the dashboard shows; each option carries that unit's progress. */
export function UnitSwitcher({ units, value, onChange }: UnitSwitcherProps) {
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  return (
    <SelectOnDemand
      label="Unit"
      description={`You are enrolled in ${units.length} units; each has its own tasks and progress.`}
      data={units.map((unit) => ({ value: unit.id, label: `${unit.unitCode} · ${unit.title}` }))}
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      allowDeselect={false}
      leftSection={<IconSchool size={18} aria-hidden />}
      className={classes.unitSwitcher}
      data-testid="unit-switcher"
      comboboxProps={{ ...positionedWhileOpen, shadow: 'md' }}
      renderOption={({ option, checked }) => {
        const unit = byId.get(option.value);
        if (!unit) return option.label;
        return (
          <Group gap="sm" wrap="nowrap" justify="space-between" w="100%">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={700} ff="monospace">
                {unit.unitCode}
              </Text>
              <Text size="sm" lineClamp={2}>
                {unit.title}
              </Text>
              <Text size="xs" c="dimmed">
                {unit.progress.completed} of {unit.progress.total} tasks completed · {unit.progress.percent}%
              </Text>
            </Stack>
            {checked ? <IconCheck size={16} aria-hidden style={{ flexShrink: 0 }} /> : null}
          </Group>
        );
      }}
    />
  );
}
