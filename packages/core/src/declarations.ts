import { z } from 'zod';
import { text } from './text-fields';

/** A student declares their evidence is their own; an assessor that a judgement follows the rules. */
export const declarationKinds = ['student', 'assessor'] as const;
export type DeclarationKind = (typeof declarationKinds)[number];

/** The version of the wording a person was shown and confirmed; the server refuses one it never had. */
export const declarationVersionSchema = z
  .number({ error: 'Declaration version must be a whole number' })
  .int('Declaration version must be a whole number')
  .positive('Declaration version must be 1 or more');

export type DeclarationText = { kind: DeclarationKind; version: number; text: string; createdAt: Date };

/** Longest wording an admin may set: a declaration is read in full before each upload. */
export const declarationTextMax = 4000;

/** `admin.declarations.update` / `POST /api/admin/declarations`: new wording, saved as a new version. */
export const declarationWordingInput = z.object({
  kind: z.enum(declarationKinds, { error: 'Kind must be student or assessor' }),
  text: text({
    label: 'Declaration',
    max: declarationTextMax,
    lines: 'many',
    trim: true,
    required: true,
  }).min(20, 'Declaration must be at least 20 characters: say in full what the person confirms'),
});
export type DeclarationWordingInput = z.input<typeof declarationWordingInput>;

/** Most files one declaration covers at once (a student's whole backlog fits easily). */
export const maxDeclaredAtOnce = 200;

/** `student.declarations.record` / `POST /api/evidence/declare`: declare files recorded without one. */
export const declareEvidenceInput = z.object({
  fileIds: z
    .array(z.uuid({ error: 'fileIds must be evidence file ids' }), {
      error: 'fileIds must be a list of evidence file ids',
    })
    .min(1, 'Choose at least one file to declare')
    .max(maxDeclaredAtOnce, `Declare at most ${maxDeclaredAtOnce} files at once`)
    .transform((ids) => [...new Set(ids)]),
  declarationVersion: declarationVersionSchema,
});
export type DeclareEvidenceInput = z.input<typeof declareEvidenceInput>;

/** What a declaration is shown as: "Declared (version 2, 3 Mar 2026)" or this. */
export const notDeclaredLabel = 'Not declared';
