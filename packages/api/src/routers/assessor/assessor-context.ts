import type { CurrentUser } from '@evident/core/user';
import type { Context } from '../../context';

/** What assessorProcedure guarantees: someone signed in, acting as an approved assessor. */
export type AssessorContext = Context & { user: CurrentUser; realUserId: string };
