import type { AppRouter } from '@evident/api/root';
import type { inferRouterOutputs } from '@trpc/server';
import { dateOnlyFormat } from '../../../format/date-time';

type Overview = inferRouterOutputs<AppRouter>['admin']['retention']['get'];
export type DueRecord = Overview['due'][number];
export type LegalHold = Overview['holds'][number];
export type Disposal = Overview['disposals'][number];

/** A day as this browser writes it: '3 Mar 2026'. */
export const day = (value: string | Date) => dateOnlyFormat().format(new Date(value));
