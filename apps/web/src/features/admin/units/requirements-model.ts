import {
  CATALOGUE_RELEASE,
  diffRequirements,
  missingSectionReason,
  type PastableSection,
  parseRequirementText,
  type RequirementDiff,
  releaseLabel,
  sortBySection,
  UNKNOWN_RELEASE,
} from '@evident/core/requirement-text';
import type { RequirementItem, RequirementSection } from '@evident/core/requirements';

/**
 * The unit form's requirements: what the unit holds, or what a fetch or a paste proposes to save.
 * Elements and their criteria are one group, as the register prints them.
 */
export type RequirementsDraft = { release: string; items: RequirementItem[] };

export type RequirementGroup = { id: PastableSection; title: string; sections: RequirementSection[] };

export const requirementGroups: RequirementGroup[] = [
  { id: 'element', title: 'Elements and Performance Criteria', sections: ['element', 'pc'] },
  { id: 'pe', title: 'Performance Evidence', sections: ['pe'] },
  { id: 'ke', title: 'Knowledge Evidence', sections: ['ke'] },
  { id: 'ac', title: 'Assessment Conditions', sections: ['ac'] },
  { id: 'fs', title: 'Foundation Skills', sections: ['fs'] },
];

/** A group's items in reading order: each element followed by its criteria, as the register prints them. */
export function itemsOf(draft: RequirementsDraft | null, group: RequirementGroup): RequirementItem[] {
  const items = (draft?.items ?? []).filter((item) => group.sections.includes(item.section));
  if (group.id !== 'element') return items;
  const criteria = items.filter((item) => item.section === 'pc');
  const elements = items.filter((item) => item.section === 'element');
  const placed = elements.flatMap((element) => [
    element,
    ...criteria.filter((criterion) => criterion.parentKey === element.key),
  ]);
  return [...placed, ...criteria.filter((criterion) => !placed.includes(criterion))];
}

/** How deep an item sits: `PE 1` 0, `PE 1.2` 1, `PC 1.1` under its element 1. */
export function depthOf(item: RequirementItem): number {
  if (item.section === 'pc') return 1;
  return (item.key.split(' ')[1] ?? '').split('.').length - 1;
}

export function missingReason(draft: RequirementsDraft | null, group: RequirementGroup): string {
  return missingSectionReason(draft?.release ?? null, group.title);
}

export function draftLabel(draft: RequirementsDraft | null): string {
  return releaseLabel(draft?.release ?? null);
}

/** An admin's pasted text for one group, read by the same parser the register's text goes through. */
export function readPasted(group: RequirementGroup, text: string): RequirementItem[] {
  return parseRequirementText(group.id, text).items;
}

/** The draft with a pasted group added; a unit with nothing read yet holds it under 'release not known'. */
export function withPasted(draft: RequirementsDraft | null, items: RequirementItem[]): RequirementsDraft {
  const kept = (draft?.items ?? []).filter((item) => !items.some((added) => added.section === item.section));
  return { release: draft?.release ?? UNKNOWN_RELEASE, items: sortBySection([...kept, ...items]) };
}

/**
 * Pasting a group's text over the items it holds: the draft it would make, what changes in the group,
 * and whether the text needs a release of its own. Words of a saved release never change (tasks and
 * decisions name its rows), so text that removes or rewords its items comes as a new release, which
 * saving keeps beside the old one, as a re-fetch does.
 */
export function pasteOver(
  draft: RequirementsDraft | null,
  saved: RequirementsDraft | null,
  group: RequirementGroup,
  items: RequirementItem[],
): { next: RequirementsDraft; diff: RequirementDiff; needsRelease: boolean } {
  const diff = diffRequirements(itemsOf(draft, group), items);
  const changesSaved =
    saved !== null && draft?.release === saved.release && diff.removed.length + diff.reworded.length > 0;
  return { next: withPasted(draft, items), diff, needsRelease: changesSaved };
}

/** Why a release typed for pasted text cannot be used; null when it can. */
export function releaseProblem(release: string, current: string | null): string | null {
  const typed = release.trim();
  if (!typed) return "Type the release the text is from, as the register's page names it.";
  if (!/^\d{1,4}(\.\d{1,4})?$/.test(typed)) return 'A release is a number like "3".';
  if (typed === current)
    return `Release ${typed} already holds these items in other words: new words come with a new release.`;
  return null;
}

const fromRegister = (release: string | null) =>
  release !== null && release !== CATALOGUE_RELEASE && release !== UNKNOWN_RELEASE;

/**
 * What a fetched unit proposes in place of the requirements the unit holds (`saved`): its release, or
 * for the same release only the keys it lacks; never the catalogue's summary over a register release,
 * which `notice` then explains.
 */
export function proposalFrom(
  saved: RequirementsDraft | null,
  answer: { release: string | null; requirements: RequirementItem[] },
): { proposed: RequirementsDraft | null; notice: string | null } {
  if (answer.requirements.length === 0) return { proposed: null, notice: null };
  const release = answer.release ?? UNKNOWN_RELEASE;
  if (saved && fromRegister(saved.release) && !fromRegister(release))
    return {
      proposed: null,
      notice: `The register could not be read, so the unit keeps its requirements from release ${saved.release}.`,
    };
  if (saved && saved.release === release) {
    // The same release again: what was pasted into it stays, and only new keys are added.
    const added = answer.requirements.filter((item) => !saved.items.some((held) => held.key === item.key));
    return {
      proposed: added.length > 0 ? { release, items: [...saved.items, ...added] } : null,
      notice: null,
    };
  }
  return { proposed: { release, items: answer.requirements }, notice: null };
}
