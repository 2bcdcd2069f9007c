/**
 * A unit of competency's requirements as the register publishes them, each an item with a stable key:
 * Elements (`E 1`) with their Performance Criteria (`PC 1.1`), Performance Evidence (`PE 1`, `PE 1.2`),
 * Knowledge Evidence (`KE 3`, `KE 3.2`), Assessment Conditions (`AC 1`) and Foundation Skills (`FS 1`).
 * Keys are unique within one release of a unit; a nested item names its parent's key.
 */
export const requirementSections = ['element', 'pc', 'pe', 'ke', 'ac', 'fs'] as const;
export type RequirementSection = (typeof requirementSections)[number];

/** The register's own names for the sections, in the order a unit prints them. */
export const requirementSectionTitles: Record<RequirementSection, string> = {
  element: 'Elements',
  pc: 'Performance Criteria',
  pe: 'Performance Evidence',
  ke: 'Knowledge Evidence',
  ac: 'Assessment Conditions',
  fs: 'Foundation Skills',
};

/** The key's prefix for each section: `PC 1.1`, `KE 3.2`. */
export const requirementKeyPrefixes: Record<RequirementSection, string> = {
  element: 'E',
  pc: 'PC',
  pe: 'PE',
  ke: 'KE',
  ac: 'AC',
  fs: 'FS',
};

/** Sections a task is expected to evidence: coverage counts these; elements and conditions frame them. */
export const coverableSections: readonly RequirementSection[] = ['pc', 'pe', 'ke'];

export type RequirementItem = {
  section: RequirementSection;
  key: string;
  /** The item this one sits under (`KE 3` for `KE 3.2`, `E 1` for `PC 1.1`); null at the top. */
  parentKey: string | null;
  text: string;
};
