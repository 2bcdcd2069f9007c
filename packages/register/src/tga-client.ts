import { type RegisterUnit, unitCodeSchema } from '@evident/core/curriculum';
import type { TrainingRegister } from '@evident/core/ports/register';
import type { z } from 'zod';
import { type ConnectCheck, openConnection } from './connect-check';
import { htmlToPlainText } from './html-text';
import { getJsonWithRetry, RegisterUnavailable, type RetryOptions, sleep } from './http-retry';
import { parsePerformanceCriteria } from './performance-criteria';
import { notAUnitCode, registerFailed, unitNotFound } from './register-errors';
import { requirementsOf } from './requirement-sections';
import {
  bundleIdsOf,
  pickCurrentRelease,
  releaseNumberOf,
  sectionKey,
  type TgaContentItem,
  tgaComponentSchema,
  tgaContentBundleSchema,
  tgaReleaseSchema,
} from './tga-schemas';
import { UnitCache } from './unit-cache';

export type TgaClientConfig = {
  /** e.g. https://training.gov.au (server env TGA_BASE_URL); paths /api/... are appended. */
  baseUrl: string;
  /** How long a connection to the register may take before it counts as out of reach. */
  connectTimeoutMs?: number;
  /** How long one request may take to answer once connected. */
  timeoutMs?: number;
  maxAttempts?: number;
  retryBaseDelayMs?: number;
  maxRetryAfterMs?: number;
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  /** Milliseconds since the epoch; injectable so tests can expire the cache. */
  now?: () => number;
  /** Waits between attempts; injectable so tests can see the backoff without waiting for it. */
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  connectCheck?: ConnectCheck;
};

// A person is waiting on the unit form: an out-of-reach register is known within the connect limit,
// and a busy one costs one more try after at most two seconds.
export const TGA_DEFAULTS = {
  connectTimeoutMs: 3_000,
  timeoutMs: 10_000,
  maxAttempts: 2,
  retryBaseDelayMs: 500,
  maxRetryAfterMs: 2_000,
  cacheTtlMs: 24 * 60 * 60 * 1000,
  cacheMaxEntries: 500,
} as const;

const API_VERSION = '1.0';
const PERFORMANCE_EVIDENCE = new Set(['performanceevidence']);
const PERFORMANCE_CRITERIA = new Set(['performancecriteria', 'elementsandperformancecriteria', 'elements']);
const KNOWLEDGE_EVIDENCE = new Set(['knowledgeevidence', 'requiredknowledge']);
const ASSESSMENT_CONDITIONS = new Set(['assessmentconditions']);
const FOUNDATION_SKILLS = new Set(['foundationskills']);

function findSection(items: TgaContentItem[], keys: Set<string>): string | undefined {
  const byType = items.find((item) => keys.has(sectionKey(item.contentType ?? item.type)) && item.content);
  const byTitle = items.find((item) => keys.has(sectionKey(item.title)) && item.content);
  return (byType ?? byTitle)?.content ?? undefined;
}

/** The live training.gov.au register: component -> current release -> content bundles. */
export function createTgaClient(config: TgaClientConfig): TrainingRegister {
  const base = config.baseUrl.replace(/\/+$/, '');
  const baseUrl = new URL(base);
  const connectCheck = config.connectCheck ?? openConnection;
  const connectTimeoutMs = config.connectTimeoutMs ?? TGA_DEFAULTS.connectTimeoutMs;
  const retry: RetryOptions = {
    timeoutMs: config.timeoutMs ?? TGA_DEFAULTS.timeoutMs,
    maxAttempts: config.maxAttempts ?? TGA_DEFAULTS.maxAttempts,
    baseDelayMs: config.retryBaseDelayMs ?? TGA_DEFAULTS.retryBaseDelayMs,
    maxRetryAfterMs: config.maxRetryAfterMs ?? TGA_DEFAULTS.maxRetryAfterMs,
    fetch: config.fetch ?? globalThis.fetch,
    sleep: config.sleep ?? sleep,
  };
  const cache = new UnitCache({
    ttlMs: config.cacheTtlMs ?? TGA_DEFAULTS.cacheTtlMs,
    maxEntries: config.cacheMaxEntries ?? TGA_DEFAULTS.cacheMaxEntries,
    now: config.now ?? Date.now,
  });

  async function get<T extends z.ZodType>(
    path: string,
    query: Record<string, string>,
    schema: T,
  ): Promise<z.infer<T> | undefined> {
    const params = new URLSearchParams({ ...query, 'api-version': API_VERSION });
    const result = await getJsonWithRetry(`${base}/api/${path}?${params}`, retry);
    if (!result.found) return undefined;
    const parsed = schema.safeParse(result.body);
    if (!parsed.success) {
      throw new RegisterUnavailable({ kind: 'unreadable' }, { cause: parsed.error });
    }
    return parsed.data;
  }

  function mustExist<T>(value: T | undefined, what: string): T {
    if (value === undefined) {
      throw new RegisterUnavailable({ kind: 'unreadable' }, { cause: new Error(`no ${what}`) });
    }
    return value;
  }

  async function load(code: string): Promise<RegisterUnit> {
    try {
      if (!(await connectCheck(baseUrl, connectTimeoutMs))) {
        throw new RegisterUnavailable({ kind: 'unreachable' });
      }
      return await read(code);
    } catch (error) {
      if (error instanceof RegisterUnavailable) throw registerFailed(code, error.failure, error);
      throw error;
    }
  }

  async function read(code: string): Promise<RegisterUnit> {
    const path = `training/${encodeURIComponent(code)}`;
    const component = await get(path, { include: 'all' }, tgaComponentSchema);
    if (!component) throw unitNotFound(code);

    const chosen = pickCurrentRelease(component);
    // Units with a single release are sometimes listed without a releases array.
    const releaseNumber = chosen ? (releaseNumberOf(chosen) ?? '1') : '1';
    const release = mustExist(
      await get(`${path}/releases/${encodeURIComponent(releaseNumber)}`, {}, tgaReleaseSchema),
      `release ${releaseNumber} of ${code}`,
    );

    const items: TgaContentItem[] = [];
    for (const id of bundleIdsOf(release)) {
      const bundle = await get(`content/bundle/${encodeURIComponent(id)}`, {}, tgaContentBundleSchema);
      items.push(...(mustExist(bundle, `content bundle ${id}`).items ?? []));
    }

    const title = component.title?.trim() || chosen?.title?.trim() || release.title?.trim();
    const evidenceHtml = findSection(items, PERFORMANCE_EVIDENCE);
    const criteriaHtml = findSection(items, PERFORMANCE_CRITERIA);
    const elements = criteriaHtml ? parsePerformanceCriteria(criteriaHtml) : [];
    return {
      code,
      title: mustExist(title || undefined, `title of ${code}`),
      performanceEvidence: evidenceHtml ? htmlToPlainText(evidenceHtml) : '',
      elements,
      release: releaseNumber,
      requirements: requirementsOf(elements, {
        pe: evidenceHtml,
        ke: findSection(items, KNOWLEDGE_EVIDENCE),
        ac: findSection(items, ASSESSMENT_CONDITIONS),
        fs: findSection(items, FOUNDATION_SKILLS),
      }),
    };
  }

  return {
    fetchUnit(rawCode, options) {
      // Anything but letters and digits cannot be a unit code; don't send it upstream.
      const code = unitCodeSchema.safeParse(rawCode);
      if (!code.success) return Promise.reject(notAUnitCode(rawCode));
      return cache.getOrLoad(code.data, load, options?.fresh);
    },
  };
}
