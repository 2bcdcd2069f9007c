import { AppError } from '@evident/core/errors';
import type { UnitRequirementsInput } from '@evident/core/requirement-inputs';
import {
  CATALOGUE_RELEASE,
  diffRequirements,
  parseRequirementText,
  UNKNOWN_RELEASE,
} from '@evident/core/requirement-text';
import type { RequirementItem } from '@evident/core/requirements';
import type { Database } from '@evident/db/client';
import {
  addRequirementItems,
  listCurrentRequirements,
  saveRequirementRelease,
  toItem,
} from '@evident/db/queries/unit-requirements';

type Requirements = { release: string; items: RequirementItem[] };

/** What saving a unit did to its requirements, for the audit row; null when nothing changed. */
export type RequirementsChange = {
  fromRelease: string | null;
  release: string;
  added: string[];
  removed: string[];
  reworded: string[];
  /** Task mappings moved to the new release's unchanged items. */
  moved: number;
};

const isRegisterRelease = (release: string | null) =>
  release !== null && release !== CATALOGUE_RELEASE && release !== UNKNOWN_RELEASE;

/**
 * Saves the requirements the unit form sends, inside the unit's transaction. The same release gains
 * the items it lacks (a section pasted while the register was out of reach); its existing items are
 * the register's words and are never rewritten. Another release becomes the current one, moving task
 * mappings only where an item's key and words are unchanged, and the older release's rows stay.
 */
export async function applyRequirements(
  tx: Database,
  unitId: string,
  input: UnitRequirementsInput,
): Promise<RequirementsChange | null> {
  const requirements = input as Requirements;
  const current = await listCurrentRequirements(tx, unitId);
  const diff = diffRequirements(current.items.map(toItem), requirements.items);
  if (current.release === requirements.release) {
    if (diff.reworded.length > 0)
      throw new AppError(
        'CONFLICT',
        `Release ${requirements.release} already holds ${diff.reworded.map((c) => c.key).join(', ')} in other words: new words come with a new release. Fetch the unit from the register again to see it.`,
      );
    if (diff.added.length === 0) return null;
    await addRequirementItems(tx, { unitId, release: requirements.release, items: diff.added });
    return {
      fromRelease: current.release,
      release: requirements.release,
      added: keys(diff.added),
      removed: [],
      reworded: [],
      moved: 0,
    };
  }
  // The register's words outrank our summary: a fetch that fell back to the catalogue must not replace them.
  if (isRegisterRelease(current.release) && !isRegisterRelease(requirements.release))
    throw new AppError(
      'CONFLICT',
      `The unit holds release ${current.release} from the register; the bundled catalogue's summary would not replace it. Fetch again when the register can be reached.`,
    );
  const { moved } = await saveRequirementRelease(tx, { unitId, ...requirements });
  return {
    fromRelease: current.release,
    release: requirements.release,
    added: keys(diff.added),
    removed: keys(diff.removed),
    reworded: diff.reworded.map((change) => change.key),
    moved,
  };
}

/**
 * A unit created or saved with Performance Evidence typed in, and no requirements read for it yet,
 * gets PE items from that text (release not known), so its tasks have items to map and cover.
 */
export async function derivePerformanceEvidence(
  tx: Database,
  unitId: string,
  performanceEvidence: string | null,
): Promise<RequirementsChange | null> {
  if (!performanceEvidence) return null;
  const current = await listCurrentRequirements(tx, unitId);
  if (current.release !== null) return null;
  const items = parseRequirementText('pe', performanceEvidence).items;
  if (items.length === 0) return null;
  return applyRequirements(tx, unitId, { release: UNKNOWN_RELEASE, items });
}

const keys = (items: RequirementItem[]) => items.map((item) => item.key);
