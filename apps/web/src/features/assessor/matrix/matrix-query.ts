import type { TrpcUtils } from '../../../data-layer/load-data-layer';

/** What `/matrix?classId=…&unitId=…` names; either may be missing. */
export type MatrixSearch = { classId?: string; unitId?: string };

export function parseMatrixSearch(search: Record<string, unknown>): MatrixSearch {
  const pick = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const classId = pick(search.classId);
  const unitId = pick(search.unitId);
  return { ...(classId ? { classId } : {}), ...(unitId ? { unitId } : {}) };
}

/**
 * The matrix query's input, built one way for the screen and the route loaders that prefetch it, so
 * the two share one cache entry: nothing named is `undefined`, not `{}`.
 */
export function matrixQueryInput(classId: string | null | undefined, unitId: string | null | undefined) {
  if (!classId && !unitId) return undefined;
  return { ...(classId ? { classId } : {}), ...(unitId ? { unitId } : {}) };
}

/** Loads the remembered class filter, then the matrix it shows: started by the route, not awaited. */
export async function prefetchMatrix(utils: TrpcUtils, search: MatrixSearch = {}): Promise<void> {
  const classId = search.classId ?? (await utils.staff.classFilter.get.fetch()).classId;
  await utils.staff.evidenceMatrix.get.prefetch(matrixQueryInput(classId, search.unitId));
}
