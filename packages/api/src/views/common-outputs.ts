import { roles } from '@evident/core/roles';
import { z } from 'zod';

// Answer shapes many procedures share. Output schemas describe what a procedure sends today, field
// for field: zod drops keys a schema leaves out, and the typed client's types come from these.

/**
 * A time the resolver holds as a `Date`: JSON sends it as an ISO string, and the typed client (no
 * transformer) types it as one; the OpenAPI document says `date-time` (rest/openapi.ts).
 */
export const dateOutput = z.date();

/** An ISO time the resolver already wrote as text. */
export const isoOutput = z.iso.datetime({ offset: true });

/** A change that has nothing more to say than that it happened. */
export const okOutput = z.object({ ok: z.literal(true) });

/** A change that answers the id of what it changed. */
export const idOutput = z.object({ id: z.string() });

/** A file answered as text, for a download (CSV exports). */
export const textFileOutput = z.object({
  fileName: z.string(),
  contentType: z.string(),
  content: z.string(),
});

/** A submission's status (a task with none is pending). */
export const submissionStatusOutput = z.enum(['submitted', 'satisfactory', 'not_yet_satisfactory']);

/** A person as the client sees them (spec section 3, `UserSummary`). */
export const userSummaryOutput = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(roles),
});
