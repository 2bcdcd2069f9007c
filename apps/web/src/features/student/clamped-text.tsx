import { Text, UnstyledButton } from '@mantine/core';
import { type CSSProperties, useId, useState } from 'react';
import classes from './clamped-text.module.css';
import { useOverflowing } from './use-overflowing';

type ClampedTextProps = {
  text: string;
  /** Lines shown on a phone before "More"; wider screens always show the whole text. */
  lines: number;
  /** The toggle's colour: the card's link colour, or the amber of the "What good looks like" box. */
  tone?: 'body' | 'hint';
  /** Id of the element that names what the text is about (the task title), for the toggle. */
  describedBy?: string;
  testId?: string;
};

/**
 * Text cut to a few lines on phones with a "More" toggle, shown only when the text is actually cut.
 * The clamp is CSS inside a phone-width media query, so on wider screens nothing overflows and no
 * toggle appears. The whole text stays in the accessibility tree, so screen readers read all of it.
 */
export function ClampedText({ text, lines, tone = 'body', describedBy, testId }: ClampedTextProps) {
  const [expanded, setExpanded] = useState(false);
  // Measured again whenever the clamped box changes size: a rotated phone may fit the whole text, a
  // tablet shows it all. Expanded, the box is the whole text: the toggle stays.
  const [textRef, cut] = useOverflowing<HTMLParagraphElement>();
  const overflows = cut && !expanded;
  const id = useId();

  return (
    <div className={classes.wrap}>
      <Text
        ref={textRef}
        id={id}
        size="sm"
        className={expanded ? classes.text : `${classes.text} ${classes.clamped}`}
        style={{ '--clamp-lines': lines } as CSSProperties}
        data-testid={testId}
        data-clamped={!expanded && overflows ? 'true' : undefined}
      >
        {text}
      </Text>
      {overflows || expanded ? (
        <UnstyledButton
          className={[
            classes.toggle,
            tone === 'hint' ? classes.hintTone : '',
            expanded ? '' : classes.over,
          ].join(' ')}
          aria-expanded={expanded}
          aria-controls={id}
          aria-describedby={describedBy}
          onClick={() => setExpanded((value) => !value)}
          data-testid={testId ? `${testId}-toggle` : undefined}
        >
          {expanded ? 'Less' : 'More'}
        </UnstyledButton>
      ) : null}
    </div>
  );
}
