import { z } from 'zod';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The id of the record a request is about, as a path names it (`/api/admin/units/{id}`, and the
 * procedures behind such paths). A value that cannot be an id names nothing, so it is answered like
 * an id of something that is not there: 404 `{What} not found`, not 400. The zod issue carries
 * `params.notFound`, which the api turns into NOT_FOUND (see `isNotFoundIssue`). Ids a person types
 * or picks into a body stay `idSchema` (400: a mistake in the input).
 */
export const lookupIdSchema = (what: string, notFound = `${what} not found`) =>
  z.string().refine((value) => uuidPattern.test(value), {
    error: notFound,
    params: { notFound: true },
    abort: true,
  });

export function isNotFoundIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && (issue.params as { notFound?: unknown } | undefined)?.notFound === true;
}
