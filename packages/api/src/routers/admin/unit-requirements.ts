import { missingSectionReason, releaseLabel } from '@evident/core/requirement-text';
import { requirementSections, requirementSectionTitles } from '@evident/core/requirements';
import type { Database } from '@evident/db/client';
import { listCurrentRequirements } from '@evident/db/queries/unit-requirements';
import { z } from 'zod';
import { requireUnit } from '../../rules/units';

const requirementItemOutput = z.object({
  id: z.string(),
  key: z.string(),
  parentKey: z.string().nullable(),
  text: z.string(),
});

export const unitRequirementsOutput = z.object({
  unitId: z.string(),
  /** The register's release number; 'catalogue' or 'unknown' when the items came from elsewhere; null before any. */
  release: z.string().nullable(),
  /** The release as a screen says it: "release 2", "bundled catalogue summary". */
  releaseLabel: z.string(),
  sections: z.array(
    z.object({
      section: z.enum(requirementSections),
      title: z.string(),
      items: z.array(requirementItemOutput),
    }),
  ),
  /** Sections the unit holds no items of, each with why and what an admin can do. */
  missing: z.array(z.object({ section: z.enum(requirementSections), title: z.string(), reason: z.string() })),
});

/** The unit's current requirements, section by section, and the sections it does not hold. */
export async function unitRequirements(db: Database, unitId: string) {
  await requireUnit(db, unitId);
  const { release, items } = await listCurrentRequirements(db, unitId);
  const sections = requirementSections.map((section) => ({
    section,
    title: requirementSectionTitles[section],
    items: items
      .filter((item) => item.section === section)
      .map(({ id, key, parentKey, text }) => ({ id, key, parentKey, text })),
  }));
  return {
    unitId,
    release,
    releaseLabel: releaseLabel(release),
    sections: sections.filter((section) => section.items.length > 0),
    missing: sections
      .filter((section) => section.items.length === 0)
      .map(({ section, title }) => ({ section, title, reason: missingSectionReason(release, title) })),
  };
}
