import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useBrowserValue } from '../../start-up/browser-value';
import classes from './growing-textarea.module.css';

/**
 * Chromium sizes a text box to its text by itself; Firefox does not yet, and keeps Mantine's autosize.
 * A server render (the grading screen is a first screen) writes the box that sizes itself, and a
 * browser without the CSS switches to Mantine's autosize after taking the page over.
 */
const sizesItself = () => CSS.supports('field-sizing', 'content');

type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'classNames'> & {
  minRows: number;
  maxRows: number;
};

/** A text box that grows with what is typed, from `minRows` to `maxRows` lines, then scrolls. */
export function GrowingTextarea({ minRows, maxRows, style, ...props }: GrowingTextareaProps) {
  if (!useBrowserValue(sizesItself, true))
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
