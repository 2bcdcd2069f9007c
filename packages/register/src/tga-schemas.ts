import { z } from 'zod';

/*
 * The parts of training.gov.au's public JSON API that we read. The API is undocumented and its
 * shapes drift between releases, so every field is optional or has an alternative spelling, and
 * unknown fields are dropped (zod objects strip them).
 */

const text = z.string().nullish();
const releaseNumber = z.union([z.string(), z.number()]).nullish();

export const tgaReleaseRefSchema = z.object({
  releaseNumber,
  release: releaseNumber,
  number: releaseNumber,
  releaseDate: text,
  currency: text,
  status: text,
  isCurrent: z.boolean().nullish(),
  title: text,
});
export type TgaReleaseRef = z.infer<typeof tgaReleaseRefSchema>;

export const tgaComponentSchema = z.object({
  code: text,
  title: text,
  releases: z.array(tgaReleaseRefSchema).nullish(),
  currentRelease: tgaReleaseRefSchema.nullish(),
});
export type TgaComponent = z.infer<typeof tgaComponentSchema>;

const bundleRef = z.union([
  z.string(),
  z.number(),
  z.object({ id: z.union([z.string(), z.number()]).nullish(), contentBundleId: text }),
]);

export const tgaReleaseSchema = z.object({
  title: text,
  contentBundles: z.array(bundleRef).nullish(),
  contentBundleIds: z.array(bundleRef).nullish(),
});
export type TgaRelease = z.infer<typeof tgaReleaseSchema>;

export const tgaContentItemSchema = z.object({
  contentType: text,
  type: text,
  title: text,
  content: text,
});
export type TgaContentItem = z.infer<typeof tgaContentItemSchema>;

export const tgaContentBundleSchema = z.object({
  items: z.array(tgaContentItemSchema).nullish(),
});

export function releaseNumberOf(release: TgaReleaseRef): string | undefined {
  const value = release.releaseNumber ?? release.release ?? release.number;
  return value === null || value === undefined || value === '' ? undefined : String(value);
}

function isCurrent(release: TgaReleaseRef): boolean {
  if (release.isCurrent === true) return true;
  return [release.currency, release.status].some((value) => value?.toLowerCase() === 'current');
}

function newestFirst(a: TgaReleaseRef, b: TgaReleaseRef): number {
  const byNumber = Number(releaseNumberOf(b) ?? 0) - Number(releaseNumberOf(a) ?? 0);
  if (byNumber !== 0 && !Number.isNaN(byNumber)) return byNumber;
  return Date.parse(b.releaseDate ?? '') - Date.parse(a.releaseDate ?? '') || 0;
}

/** The current release when the register marks one, otherwise the highest-numbered, then the newest. */
export function pickCurrentRelease(component: TgaComponent): TgaReleaseRef | undefined {
  const releases = (component.releases ?? []).filter((release) => releaseNumberOf(release) !== undefined);
  if (component.currentRelease && releaseNumberOf(component.currentRelease)) return component.currentRelease;
  const current = releases.filter(isCurrent);
  return [...(current.length > 0 ? current : releases)].sort(newestFirst)[0];
}

export function bundleIdsOf(release: TgaRelease): string[] {
  const refs = [...(release.contentBundles ?? []), ...(release.contentBundleIds ?? [])];
  const ids = refs.map((ref) => {
    if (typeof ref === 'string' || typeof ref === 'number') return String(ref);
    return ref.id === null || ref.id === undefined ? (ref.contentBundleId ?? '') : String(ref.id);
  });
  return [...new Set(ids.filter((id) => id !== ''))];
}

/** "Performance Evidence", "PerformanceEvidence" and "performance_evidence" all read as one key. */
export function sectionKey(value: string | null | undefined): string {
  return (value ?? '').toLowerCase().replace(/[^a-z]/g, '');
}
