import type { MatrixOutcomes, MatrixSubmissions } from '@evident/core/evidence-matrix';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { type StudentScope, studentInScope } from './class-scope';
import { placeholderScope, preparedVariants, type ScopeShape, scopeShapeOf, scopeValues } from './prepared';

export type MatrixStudent = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  profileImageUrl: string | null;
  /** Deactivated: signs in no more, but their work and their place on the matrix stay. */
  deactivated: boolean;
};
export type MatrixTask = { id: string; title: string };
export type EvidenceMatrix = {
  students: MatrixStudent[];
  tasks: MatrixTask[];
  submissions: MatrixSubmissions;
  /** The unit outcome standing for each student who has one. */
  outcomes: MatrixOutcomes;
};
export type MatrixUnit = { id: string; unitCode: string; title: string; studentCount: number };

/**
 * One unit's matrix in one statement, as JSON text:
 * `{"students":[..],"tasks":[..],"submissions":{..},"outcomes":{..}}`, the outcomes (standing ones
 * only) keyed by student id.
 * Postgres builds the answer (the submissions keyed `studentId-taskId`), so the server reads one value
 * instead of mapping tens of thousands of rows, and the REST path can send it on as it is.
 * File counts leave out withdrawn files; students are those enrolled in the unit.
 * The submissions object is concatenated rather than built with json_object_agg (about a quarter
 * faster): its keys and values are uuids, an enum and integers, which never need escaping.
 * Plain joins on indexed columns rather than CTEs joined to each other: a CTE is materialised without
 * an index, and on tables not analysed yet the planner may loop over it (minutes, not milliseconds).
 */
export async function readEvidenceMatrixJson(
  db: Database,
  { unitId, scope = { assessorId: null } }: { unitId: string; scope?: StudentScope },
): Promise<string> {
  // Every open of the matrix asks this: prepared, one statement per shape of scope (prepared.ts).
  const [row] = await preparedMatrixJson(db, scopeShapeOf(scope)).execute({ unitId, ...scopeValues(scope) });
  if (!row) throw new Error('the matrix query returned no row');
  return row.json;
}

const preparedMatrixJson = preparedVariants((db, shape: ScopeShape) => {
  const inScope = andInScope(sql`e.student_id`, placeholderScope(shape));
  const unitId = sql.placeholder('unitId');
  // The whole answer is one value: a select of it from no table.
  return db
    .select({
      json: sql<string>`'{"students":' || (
          select coalesce(json_agg(json_build_object(
              'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email,
              'profileImageUrl', u.profile_image_url, 'deactivated', u.deactivated_at is not null
            ) order by lower(u.last_name), lower(u.first_name), u.id), '[]'::json)
          from enrolments e
          join users u on u.id = e.student_id and u.role = 'student'
          where e.unit_id = ${unitId} ${inScope}
        )::text
        || ',"tasks":' || (
          select coalesce(json_agg(json_build_object('id', t.id, 'title', t.title)
            order by t.position, t.created_at, t.id), '[]'::json)
          from tasks t
          where t.unit_id = ${unitId}
        )::text
        || ',"submissions":{' || coalesce((
          select string_agg(
            '"' || c.student_id || '-' || c.task_id || '":{"status":"' || c.status
              || '","fileCount":' || c.file_count
              || case when c.reports > 0 then ',"thirdPartyReports":' || c.reports else '' end
              || case when c.observations > 0 then ',"observations":' || c.observations else '' end || '}',
            ',')
          from (
            select s.student_id, s.task_id, s.status, count(f.id) as file_count,
              -- Supervisors' reports answering for the task (issue 30 §1): the cell's hover names them.
              (select count(*) from third_party_reports r
                join third_party_requests q on q.id = r.request_id
                where q.student_id = s.student_id
                  and r.items @> jsonb_build_array(jsonb_build_object('taskId', s.task_id::text))) as reports,
              -- Observation checklists are evidence too (issue 29 §5): a cell holding only one says so.
              (select count(*) from observations ob where ob.submission_id = s.id) as observations
            from submissions s
            join tasks t on t.id = s.task_id
            join enrolments e on e.student_id = s.student_id and e.unit_id = t.unit_id
            left join evidence_files f on f.submission_id = s.id and f.withdrawn_at is null
            where t.unit_id = ${unitId} ${inScope}
            group by s.id
          ) c
        ), '') || '},"outcomes":{' || coalesce((
          select string_agg(
            '"' || o.student_id || '":{"id":"' || o.id || '","outcome":"' || o.outcome || '"}', ',')
          from unit_outcomes o
          join enrolments e on e.student_id = o.student_id and e.unit_id = o.unit_id
          where o.unit_id = ${unitId} and o.superseded_at is null ${inScope}
        ), '') || '}}'
    `,
    })
    .from(sql`(select 1) as one`)
    .prepare(`evident_matrix_json_${shape.replace(':', '_')}`);
});

/** `and <condition>` for raw SQL, or nothing when the scope is everyone. */
function andInScope(studentId: SQL, scope: StudentScope): SQL {
  const condition = studentInScope(studentId, scope);
  return condition ? sql`and ${condition}` : sql``;
}

export async function readEvidenceMatrix(
  db: Database,
  params: { unitId: string; scope?: StudentScope },
): Promise<EvidenceMatrix> {
  return JSON.parse(await readEvidenceMatrixJson(db, params)) as EvidenceMatrix;
}

/**
 * Every unit an assessor may pick, with how many of the students in scope are enrolled, by unit
 * code; with a class in scope that takes units, only those. Archived units are not offered, though
 * one asked for by id (a link, a bookmark) still opens: its records stay.
 */
export async function listMatrixUnits(
  db: Database,
  { alsoUnitId, scope = { assessorId: null } }: { alsoUnitId?: string; scope?: StudentScope } = {},
): Promise<MatrixUnit[]> {
  return preparedMatrixUnits(db, scopeShapeOf(scope)).execute({
    alsoUnitId: alsoUnitId ?? null,
    ...scopeValues(scope),
  });
}

const preparedMatrixUnits = preparedVariants((db, shape: ScopeShape) => {
  const scope = placeholderScope(shape);
  const among = scope.classId
    ? sql`and (u.id in (select cu.unit_id from class_units cu where cu.class_id = ${scope.classId})
        or not exists (select 1 from class_units cu where cu.class_id = ${scope.classId}))`
    : sql``;
  return db
    .select({
      id: sql<string>`u.id`,
      unitCode: sql<string>`u.unit_code`,
      title: sql<string>`u.title`,
      studentCount: sql<number>`(select count(*)::int from enrolments e where e.unit_id = u.id ${andInScope(sql`e.student_id`, scope)})`,
    })
    .from(sql`units u`)
    .where(sql`(u.archived_at is null ${among}) or u.id = ${sql.placeholder('alsoUnitId')}::uuid`)
    .orderBy(sql`u.unit_code`)
    .prepare(`evident_matrix_units_${shape.replace(':', '_')}`);
});

/** The unit whose evidence from a student in scope arrived last; undefined before anyone submitted anything. */
export async function findUnitWithLatestEvidence(
  db: Database,
  { scope = { assessorId: null } }: { scope?: StudentScope } = {},
): Promise<string | undefined> {
  const [row] = await preparedLatestEvidenceUnit(db, scopeShapeOf(scope)).execute(scopeValues(scope));
  return row?.unitId;
}

const preparedLatestEvidenceUnit = preparedVariants((db, shape: ScopeShape) =>
  db
    .select({ unitId: sql<string>`t.unit_id` })
    .from(
      sql`submissions s
      join tasks t on t.id = s.task_id
      join units u on u.id = t.unit_id and u.archived_at is null`,
    )
    .where(sql`true ${andInScope(sql`s.student_id`, placeholderScope(shape))}`)
    .orderBy(sql`s.submitted_at desc`)
    .limit(1)
    .prepare(`evident_latest_evidence_unit_${shape.replace(':', '_')}`),
);
