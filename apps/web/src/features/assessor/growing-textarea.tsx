import { Textarea, type TextareaProps } from '@mantine/core';
import { type CSSProperties, useSyncExternalStore } from 'react';
import classes from './growing-textarea.module.css';

/** Chromium sizes a text box to its text by itself; Firefox does not yet, and keeps Mantine's autosize. */
const sizesItself = () => CSS.supports('field-sizing', 'content');
const unchanging = () => () => {};
/**
 * A server render (the grading screen is a first screen) writes the box that sizes itself, and the
 * browser's takeover starts from it: React keeps the server's attributes where they differ, so a
 * browser without the CSS then switches to Mantine's autosize in an update of its own.
 */
const assumedInServer = () => true;

type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'classNames'> & {
  minRows: number;
  maxRows: number;
};

/** A text box that grows with what is typed, from `minRows` to `maxRows` lines, then scrolls. */
export function GrowingTextarea({ minRows, maxRows, style, ...props }: GrowingTextareaProps) {
  if (!useSyncExternalStore(unchanging, sizesItself, assumedInServer))
    return <Textarea {...props} style={style} autosize minRows={minRows} maxRows={maxRows} />;
  return (
    <Textarea
      {...props}
      rows={minRows}
      classNames={{ input: classes.input }}
      style={
        {
          ...(style as CSSProperties),
          '--growing-min-rows': minRows,
          '--growing-max-rows': maxRows,
        } as CSSProperties
      }
    />
  );
}
