import type { RequirementItem } from '@evident/core/requirements';
import { useMemo, useState } from 'react';
import { trpc } from '../../../data-layer/trpc-client';
import { proposalFrom, type RequirementsDraft, withPasted } from './requirements-model';

/**
 * The unit form's requirements: those the unit holds (when editing), and what a fetch or a paste
 * proposes in their place. Only a proposal is sent with the save; without one the unit keeps its own.
 */
export function useUnitRequirements(unitId: string | null) {
  const query = trpc.admin.units.getRequirements.useQuery({ id: unitId ?? '' }, { enabled: unitId !== null });
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
  function adoptFetched(answer: { release: string | null; requirements: RequirementItem[] }): string | null {
    const { proposed: next, notice } = proposalFrom(saved, answer);
    if (!notice && answer.requirements.length > 0) setProposed(next);
    return notice;
  }

  return {
    saved,
    shown,
    proposed,
    loadError: query.error,
    adoptFetched,
    paste: (items: RequirementItem[]) => setProposed(withPasted(shown, items)),
    /** A section pasted over, its changes seen and confirmed (requirements-paste-over.tsx). */
    replace: (next: RequirementsDraft) => setProposed(next),
  };
}
