import type { DeclarationKind } from '@evident/core/declarations';
import { AppError } from '@evident/core/errors';
import type { Database } from '@evident/db/client';
import {
  currentDeclarationText,
  findDeclarationText,
  recordDeclaration,
} from '@evident/db/queries/declarations';

const whereToRead: Record<DeclarationKind, string> = {
  student:
    'Fetch the current declaration (GET /api/student/declaration), show it in full and send its version',
  assessor:
    "Fetch the current assessor's declaration (GET /api/assessor/declaration), show it in full and send its version",
};

/**
 * A version someone says they confirmed must be one the kind has had: anything else is a client
 * showing wording we never wrote, so it is refused (400) before anything is written.
 */
export async function requireDeclarationVersion(db: Database, kind: DeclarationKind, version: number) {
  const text = await findDeclarationText(db, kind, version);
  if (text) return text;
  const current = await currentDeclarationText(db, kind);
  throw new AppError(
    'BAD_REQUEST',
    `There is no version ${version} of the ${kind === 'student' ? "student's" : "assessor's"} declaration (the current one is version ${current.version}). ${whereToRead[kind]}.`,
  );
}

/**
 * Records the declaration a person made, when they made one, inside the caller's transaction, and
 * returns its id (null: none was made, shown as 'Not declared'). `userId` is who the app acted as;
 * `actingAdminId` the admin behind them. A time from a device (offline capture) never lies ahead of now.
 */
export async function declareIfGiven(
  db: Database,
  input: {
    kind: DeclarationKind;
    version: number | undefined;
    userId: string;
    actingAdminId: string | null;
    at?: Date | null;
    now?: Date;
  },
): Promise<string | null> {
  if (input.version === undefined) return null;
  await requireDeclarationVersion(db, input.kind, input.version);
  const now = input.now ?? new Date();
  const at = input.at && input.at.getTime() < now.getTime() ? input.at : now;
  return recordDeclaration(db, {
    kind: input.kind,
    version: input.version,
    userId: input.userId,
    actingAdminId: input.actingAdminId,
    at,
  });
}
