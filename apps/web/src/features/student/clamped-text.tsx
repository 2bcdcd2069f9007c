import { Text, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import classes from './task-card.module.css';

type ClampedTextProps = { text: string; lines: number; testId?: string };

/**
 * Text cut to a few lines with a "Show more" toggle, shown only when the text is actually longer;
 * the whole text stays in the page for screen readers and search.
 */
export function ClampedText({ text, lines, testId }: ClampedTextProps) {
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const textRef = useRef<HTMLParagraphElement>(null);
  // Re-measured when the width changes: a rotated phone may fit the whole text.
  const { ref: sizeRef, width } = useElementSize();
  const id = useId();

  useLayoutEffect(() => {
    const element = textRef.current;
    if (!element || expanded) return;
    setOverflows(element.scrollHeight > element.clientHeight + 1);
  }, [text, expanded, width]);

  return (
    <div ref={sizeRef}>
      <Text
        ref={textRef}
        id={id}
        size="sm"
        className={classes.text}
        lineClamp={expanded ? undefined : lines}
        data-testid={testId}
      >
        {text}
      </Text>
      {overflows || expanded ? (
        <UnstyledButton
          className={classes.hintToggle}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </UnstyledButton>
      ) : null}
    </div>
  );
}
