import { declarationKinds } from '@evident/core/declarations';
import { z } from 'zod';
import { dateOutput } from './common-outputs';

/** One version of a declaration's wording, as the person confirming it is shown it. */
export const declarationTextOutput = z.object({
  kind: z.enum(declarationKinds),
  version: z.number().describe('Send this as declarationVersion to say this wording was confirmed'),
  text: z.string(),
  createdAt: dateOutput,
});
