import { z } from 'zod';

/** A student declares their evidence is their own; an assessor that a judgement follows the rules. */
export const declarationKinds = ['student', 'assessor'] as const;
export type DeclarationKind = (typeof declarationKinds)[number];

/** The version of the wording a person was shown and confirmed; the server refuses one it never had. */
export const declarationVersionSchema = z
  .number({ error: 'Declaration version must be a whole number' })
  .int('Declaration version must be a whole number')
  .positive('Declaration version must be 1 or more');

export type DeclarationText = { kind: DeclarationKind; version: number; text: string; createdAt: Date };
