import { declarationWordingInput } from '@evident/core/declarations';
import { AppError } from '@evident/core/errors';
import { recordAudit } from '@evident/db/queries/audit';
import { addDeclarationText, listDeclarationHistory } from '@evident/db/queries/evidence-declarations';
import { z } from 'zod';
import type { AuthedContext, Context } from '../../context';
import { adminProcedure, router } from '../../trpc';
import { declarationTextOutput } from '../../views/declaration-outputs';

const historyOutput = z.array(
  declarationTextOutput.extend({
    createdByName: z.string().nullable().describe('Who saved the version; null: it shipped with the app'),
  }),
);

/** Each kind's versions, newest (the one in force) first. */
const declarationsOutput = z.object({ student: historyOutput, assessor: historyOutput });

async function listDeclarations(ctx: Pick<Context, 'db'>) {
  const rows = await listDeclarationHistory(ctx.db);
  return {
    student: rows.filter((row) => row.kind === 'student'),
    assessor: rows.filter((row) => row.kind === 'assessor'),
  };
}

/**
 * New wording is a new version: a declaration someone made still points at the words they read.
 * Saving the wording in force unchanged adds nothing. Audited with the kind and both versions.
 */
async function changeWording(
  ctx: Pick<AuthedContext, 'db' | 'realUserId'>,
  input: z.output<typeof declarationWordingInput>,
  now: Date = new Date(),
) {
  const saved = await ctx.db.transaction(async (tx) => {
    const [current] = (await listDeclarationHistory(tx)).filter((row) => row.kind === input.kind);
    if (current && current.text === input.text) return { ...current, added: false };
    const row = await addDeclarationText(tx, {
      kind: input.kind,
      text: input.text,
      by: ctx.realUserId,
      at: now,
    });
    if (!row)
      throw new AppError(
        'CONFLICT',
        'Someone saved a new version of this declaration a moment ago. Reload to read it, then save yours again.',
      );
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'settings.declaration',
      detail: { kind: input.kind, fromVersion: current?.version ?? null, toVersion: row.version },
    });
    return { ...row, added: true };
  });
  return {
    kind: saved.kind,
    version: saved.version,
    text: saved.text,
    createdAt: saved.createdAt,
    added: saved.added,
  };
}

/** `admin.declarations.*`: the wording students and assessors confirm, versioned (issue 29). */
export const adminDeclarationsRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/declarations' } })
    .output(declarationsOutput)
    .query(({ ctx }) => listDeclarations(ctx)),
  update: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/declarations' } })
    .input(declarationWordingInput)
    .output(
      declarationTextOutput.extend({
        added: z.boolean().describe('False when the wording was already the version in force'),
      }),
    )
    .mutation(({ ctx, input }) => changeWording(ctx, input)),
});
