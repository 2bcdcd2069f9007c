import { CATALOGUE_RELEASE, UNKNOWN_RELEASE } from '@evident/core/requirement-text';
import type { RequirementItem } from '@evident/core/requirements';
import { useMemo, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { type RequirementsDraft, withPasted } from './requirements-model';

type Fetched = { release: string | null; requirements: RequirementItem[] };

const fromRegister = (release: string | null) =>
  release !== null && release !== CATALOGUE_RELEASE && release !== UNKNOWN_RELEASE;

/**
 * The unit form's requirements: those the unit holds (when editing), and what a fetch or a paste
 * proposes in their place. Only a proposal is sent with the save; without one the unit keeps its own.
 */
export function useUnitRequirements(unitId: string | null) {
  const query = trpc.admin.units.requirements.useQuery({ id: unitId ?? '' }, { enabled: unitId !== null });
  const saved = useMemo<RequirementsDraft | null>(() => {
    const data = query.data;
    if (!data?.release) return null;
    const items = data.sections.flatMap((section) =>
      section.items.map(({ key, parentKey, text }) => ({ section: section.section, key, parentKey, text })),
    );
    return { release: data.release, items };
  }, [query.data]);
  const [proposed, setProposed] = useState<RequirementsDraft | null>(null);
  const shown = proposed ?? saved;

  /** Takes a fetched unit's requirements; says why not when they would replace the register's with less. */
  function adoptFetched(answer: Fetched): string | null {
    if (answer.requirements.length === 0) return null;
    const release = answer.release ?? UNKNOWN_RELEASE;
    if (saved && fromRegister(saved.release) && !fromRegister(release))
      return `The register could not be read, so the unit keeps its requirements from release ${saved.release}.`;
    if (saved && saved.release === release) {
      // The same release again: what was pasted into it stays, and only new keys are added.
      const added = answer.requirements.filter((item) => !saved.items.some((held) => held.key === item.key));
      setProposed(added.length > 0 ? { release, items: [...saved.items, ...added] } : null);
      return null;
    }
    setProposed({ release, items: answer.requirements });
    return null;
  }

  return {
    saved,
    shown,
    proposed,
    loadError: query.error,
    adoptFetched,
    paste: (items: RequirementItem[]) => setProposed(withPasted(shown, items)),
  };
}
