import type { DeclarationKind, DeclarationText } from '@evident/core/declarations';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { declarations, declarationTexts } from '../schema/declarations';

const textColumns = {
  kind: declarationTexts.kind,
  version: declarationTexts.version,
  text: declarationTexts.text,
  createdAt: declarationTexts.createdAt,
};

/** The wording in force: the highest version of the kind (version 1 ships with the app). */
export async function currentDeclarationText(db: Database, kind: DeclarationKind): Promise<DeclarationText> {
  const [row] = await db
    .select(textColumns)
    .from(declarationTexts)
    .where(eq(declarationTexts.kind, kind))
    .orderBy(desc(declarationTexts.version))
    .limit(1);
  if (!row) throw new Error(`no ${kind} declaration text: migration 0013 was not applied`);
  return row;
}

/** One version's wording, or undefined when the kind never had that version. */
export async function findDeclarationText(
  db: Database,
  kind: DeclarationKind,
  version: number,
): Promise<DeclarationText | undefined> {
  const [row] = await db
    .select(textColumns)
    .from(declarationTexts)
    .where(and(eq(declarationTexts.kind, kind), eq(declarationTexts.version, version)))
    .limit(1);
  return row;
}

/** Every version of a kind, newest first: the settings screen's history. */
export async function listDeclarationTexts(db: Database, kind: DeclarationKind): Promise<DeclarationText[]> {
  return db
    .select(textColumns)
    .from(declarationTexts)
    .where(eq(declarationTexts.kind, kind))
    .orderBy(desc(declarationTexts.version));
}

/**
 * Records one person's declaration of one version and returns its id, for the evidence files,
 * decision or outcome it covers. Call inside the transaction that writes those.
 */
export async function recordDeclaration(
  db: Database,
  input: { kind: DeclarationKind; version: number; userId: string; actingAdminId: string | null; at?: Date },
): Promise<string> {
  const [row] = await db
    .insert(declarations)
    .values({
      kind: input.kind,
      version: input.version,
      userId: input.userId,
      actingAdminId: input.actingAdminId,
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .returning({ id: declarations.id });
  if (!row) throw new Error('declaration was not recorded');
  return row.id;
}
