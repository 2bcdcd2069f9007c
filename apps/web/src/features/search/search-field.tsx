import { CloseButton, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useRef } from 'react';
import { countNoun } from '../../format/count-noun';

export type SearchFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** The field's visible label: 'Search units'. */
  label: string;
  placeholder?: string;
  /**
   * How many items the current search matches. When given, screen readers hear it (politely) while a
   * search is typed; leave it out when the screen already has a live summary of its own.
   */
  resultCount?: number;
  /** The announcement for a count; 'No results', '1 result', 'N results' unless given. */
  formatResultCount?: (count: number) => string;
  className?: string;
  /** Maximum width; the field fills its container up to this. */
  maw?: number;
};

const defaultResultCount = (count: number) => (count === 0 ? 'No results' : countNoun(count, 'result'));

/**
 * The one search box of every list screen (units, users, a student's tasks, the Evidence Matrix):
 * a labelled search input with a clear button that hands focus back to the field.
 */
export function SearchField({
  value,
  onChange,
  label,
  placeholder,
  resultCount,
  formatResultCount = defaultResultCount,
  className,
  maw,
}: SearchFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const searching = value.trim() !== '';
  return (
    <div className={className} style={maw === undefined ? undefined : { maxWidth: maw }}>
      <TextInput
        ref={input}
        label={label}
        placeholder={placeholder}
        type="search"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          value ? (
            <CloseButton
              size="sm"
              aria-label="Clear search"
              onClick={() => {
                onChange('');
                input.current?.focus();
              }}
            />
          ) : null
        }
      />
      {resultCount === undefined ? null : (
        <VisuallyHidden role="status" aria-live="polite">
          {searching ? formatResultCount(resultCount) : ''}
        </VisuallyHidden>
      )}
    </div>
  );
}
