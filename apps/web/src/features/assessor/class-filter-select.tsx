import { allStudentsLabel, allStudentsValue } from '@evident/core/class-filter';
import { useCurrentUser } from '../auth/use-current-user';
import { positionedWhileOpen } from '../widgets/positioned-while-open';
import { SelectOnDemand } from '../widgets/select-on-demand';

type ClassFilterSelectProps = {
  classes: { id: string; name: string }[];
  classId: string | null;
  onChange: (classId: string | null) => void;
  className?: string;
};

/** 'Class': all the person's students, or one of their classes. Not shown to someone with no classes. */
export function ClassFilterSelect({ classes, classId, onChange, className }: ClassFilterSelectProps) {
  const user = useCurrentUser();
  if (classes.length === 0 || !user) return null;
  const data = [
    { value: allStudentsValue, label: allStudentsLabel(user.role) },
    ...classes.map((option) => ({ value: option.id, label: option.name })),
  ];
  return (
    <SelectOnDemand
      className={className}
      label="Class"
      data={data}
      value={classId ?? allStudentsValue}
      onChange={(value) => onChange(!value || value === allStudentsValue ? null : value)}
      allowDeselect={false}
      searchable={classes.length > 8}
      nothingFoundMessage="No class matches"
      data-testid="class-filter"
      comboboxProps={positionedWhileOpen}
    />
  );
}
