import type { AppRouter } from '@evident/api/root';
import type { AnyTRPCQueryProcedure, inferProcedureInput, TRPCRouterRecord } from '@trpc/server';

type QueryPathsOf<Record, Prefix extends string = ''> = {
  [Key in keyof Record & string]: Record[Key] extends AnyTRPCQueryProcedure
    ? `${Prefix}${Key}`
    : Record[Key] extends TRPCRouterRecord
      ? QueryPathsOf<Record[Key], `${Prefix}${Key}.`>
      : never;
}[keyof Record & string];

type Procedures = AppRouter['_def']['record'];

/**
 * Every query procedure by its dotted path (`student.tasks.list`), from the router's own type: the
 * tables that name queries outside the hooks (which events make which stale, what a first screen
 * asks, what is kept offline) use it, so a renamed procedure fails the type check there too.
 */
export type QueryPath = QueryPathsOf<Procedures>;

type ProcedureAt<Record, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof Record
    ? ProcedureAt<Record[Head], Rest>
    : never
  : Path extends keyof Record
    ? Record[Path]
    : never;

/** What the query at `Path` takes. */
export type QueryInput<Path extends QueryPath> = inferProcedureInput<ProcedureAt<Procedures, Path>>;

/** A query as TanStack Query keys it for tRPC's hooks. */
export type TrpcQueryKey = [path: string[], meta: { input?: unknown; type: 'query' }];

/**
 * The query key tRPC's hooks (`trpc.student.tasks.list.useQuery(input)`) use for a query:
 * `[['student', 'tasks', 'list'], { input, type: 'query' }]`, without `input` when there is none.
 * As a filter (invalidating, finding), the key without input matches the query under every input.
 * The one place outside tRPC that builds one: keys built by hand drifted from tRPC's.
 */
export function queryKeyOf<Path extends QueryPath>(path: Path, input?: QueryInput<Path>): TrpcQueryKey {
  return [path.split('.'), input === undefined ? { type: 'query' } : { input, type: 'query' }];
}
