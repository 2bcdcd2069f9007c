import { Combobox, InputBase, Select, type SelectProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** How the Select was reached: the pointer came over it, it was focused, or it was clicked outright. */
type Reach = 'pointer' | 'focus' | 'click';

type SelectOnDemandProps = SelectProps & { 'data-testid'?: string };

/**
 * A Mantine Select that becomes one when someone reaches for it (the pointer comes over it, or it
 * gets focus: a tap focuses it too). Until then it is a read-only field with the same label, value
 * and look, and the same role for a screen reader. A Select brings a popover, and floating-ui and
 * Mantine's portal set state as it mounts, so React renders it a second time in the same task: on a
 * first screen taken over from the server's markup, that was the longest task of a phone's first
 * seconds (issue 20).
 */
export function SelectOnDemand(props: SelectOnDemandProps) {
  const [reached, setReached] = useState<Reach | null>(null);
  const standIn = useRef<HTMLInputElement>(null);
  // Focused before the app took the page over (a tap on the server's markup): a Select from now on.
  useEffect(() => {
    if (standIn.current && standIn.current === document.activeElement) setReached('focus');
  }, []);
  if (reached) {
    return (
      <Select
        {...props}
        autoFocus={props.autoFocus || reached !== 'pointer'}
        defaultDropdownOpened={reached === 'click'}
      />
    );
  }
  return (
    <InputBase
      ref={standIn}
      className={props.className}
      label={props.label}
      description={props.description}
      size={props.size}
      leftSection={props.leftSection}
      disabled={props.disabled}
      placeholder={props.placeholder}
      data-testid={props['data-testid']}
      value={labelOf(props.data as readonly DataEntry[] | undefined, props.value)}
      readOnly
      pointer={!props.searchable}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      rightSection={<Combobox.Chevron size={props.size} />}
      rightSectionPointerEvents="none"
      // At once, not when React gets to it: the press that follows must land on the Select itself.
      onPointerEnter={() => flushSync(() => setReached('pointer'))}
      onFocus={() => setReached('focus')}
      // A click with no pointer before it: a screen reader's activation, or a script's.
      onClick={() => setReached('click')}
    />
  );
}

/** An entry of a Select's `data`: a value, an option, or a group of them. */
type DataEntry = string | { value?: string; label?: unknown; items?: readonly DataEntry[] };

/** The label the Select shows for its value. */
function labelOf(data: readonly DataEntry[] | undefined, value: SelectProps['value']): string {
  for (const entry of data ?? []) {
    if (typeof entry === 'string') {
      if (entry === value) return entry;
    } else if (entry.items) {
      const inGroup = labelOf(entry.items, value);
      if (inGroup) return inGroup;
    } else if (entry.value === value) {
      return typeof entry.label === 'string' ? entry.label : (entry.value ?? '');
    }
  }
  return '';
}
