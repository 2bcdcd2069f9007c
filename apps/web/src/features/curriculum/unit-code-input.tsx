import { TextInput, type TextInputProps } from '@mantine/core';
import classes from './unit-code-input.module.css';

type UnitCodeInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  /** Called with the code in capitals, as the register writes it. */
  onChange: (code: string) => void;
};

/** A unit of competency code field: capitals, monospace, no autocomplete or spellcheck. */
export function UnitCodeInput({ value, onChange, classNames, ...props }: UnitCodeInputProps) {
  return (
    <TextInput
      placeholder="e.g. RIIWHS204E"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={20}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.toUpperCase())}
      classNames={{ ...(typeof classNames === 'object' ? classNames : {}), input: classes.code }}
    />
  );
}
