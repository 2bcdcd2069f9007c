import { diffRequirements, isEmptyDiff, releaseLabel } from '@evident/core/requirement-text';
import type { RequirementItem } from '@evident/core/requirements';
import { Alert, List, Stack, Text } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import type { RequirementsDraft } from './requirements-model';
import classes from './unit-form.module.css';

/**
 * What a fresh fetch would change, shown before anything is saved: the new release and each item
 * added, removed or reworded, by key. Saving moves a task's mapping only for an unchanged item.
 */
export function RequirementsChanges({
  before,
  after,
}: {
  before: RequirementsDraft;
  after: RequirementsDraft;
}) {
  const diff = diffRequirements(before.items, after.items);
  const sameRelease = before.release === after.release;
  if (sameRelease && isEmptyDiff(diff)) return null;
  return (
    <Alert
      variant="light"
      color="blue"
      radius="md"
      icon={<IconGitCompare size={18} aria-hidden />}
      title={
        sameRelease
          ? `Changes to ${releaseLabel(before.release)}`
          : `${capitalised(releaseLabel(before.release))} → ${releaseLabel(after.release)}`
      }
      data-testid="requirements-changes"
    >
      <Stack gap="xs">
        <Text size="sm">
          {isEmptyDiff(diff)
            ? 'The words are unchanged.'
            : `${count(diff.added.length, 'added')}, ${count(diff.removed.length, 'removed')}, ${count(diff.reworded.length, 'reworded')}.`}{' '}
          Nothing changes until you save the unit. Tasks then keep unchanged items; items removed or reworded
          stay on their tasks under {releaseLabel(before.release)} for you to review.
        </Text>
        <Changes title="Added" items={diff.added} />
        <Changes title="Removed" items={diff.removed} />
        {diff.reworded.length > 0 ? (
          <div>
            <Text size="sm" fw={600}>
              Reworded
            </Text>
            <List size="sm" spacing={4} className={classes.changeList}>
              {diff.reworded.map((change) => (
                <List.Item key={change.key}>
                  <span className={classes.requirementKey}>{change.key}</span> <del>{change.before}</del>{' '}
                  <ins>{change.after}</ins>
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
      </Stack>
    </Alert>
  );
}

function Changes({ title, items }: { title: string; items: RequirementItem[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <List size="sm" spacing={4} className={classes.changeList}>
        {items.map((item) => (
          <List.Item key={item.key}>
            <span className={classes.requirementKey}>{item.key}</span> {item.text}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

const count = (n: number, what: string) => `${n} ${n === 1 ? 'item' : 'items'} ${what}`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
