import type { MatrixSubmissions } from '@evident/core/evidence-matrix';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../client';

export type MatrixStudent = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  profileImageUrl: string | null;
};
export type MatrixTask = { id: string; title: string };
export type EvidenceMatrix = {
  students: MatrixStudent[];
  tasks: MatrixTask[];
  submissions: MatrixSubmissions;
};
export type MatrixUnit = { id: string; unitCode: string; title: string; studentCount: number };

/** PGlite answers `{ rows }`, postgres.js the rows themselves. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/**
 * One unit's matrix in one statement. Postgres builds the answer as JSON (students, tasks, and the
 * submissions keyed `studentId-taskId`), so the server reads three values instead of mapping tens of
 * thousands of rows. File counts leave out withdrawn files; students are those enrolled in the unit.
 */
export async function readEvidenceMatrix(
  db: Database,
  { unitId }: { unitId: string },
): Promise<EvidenceMatrix> {
  const [row] = await rowsOf<EvidenceMatrix>(
    db,
    sql`
      with unit_students as (
        select u.id, u.first_name, u.last_name, u.email, u.profile_image_url
        from enrolments e
        join users u on u.id = e.student_id
        where e.unit_id = ${unitId} and u.role = 'student'
      ),
      unit_tasks as (
        select id, title, position, created_at from tasks where unit_id = ${unitId}
      ),
      cells as (
        select s.id, s.student_id, s.task_id, s.status
        from submissions s
        join unit_tasks t on t.id = s.task_id
        join unit_students us on us.id = s.student_id
      ),
      file_counts as (
        select f.submission_id, count(*)::int as n
        from evidence_files f
        join cells c on c.id = f.submission_id
        where f.withdrawn_at is null
        group by f.submission_id
      )
      select
        (select coalesce(json_agg(json_build_object(
            'id', id, 'firstName', first_name, 'lastName', last_name, 'email', email,
            'profileImageUrl', profile_image_url
          ) order by lower(last_name), lower(first_name), id), '[]'::json)
         from unit_students) as students,
        (select coalesce(json_agg(json_build_object('id', id, 'title', title)
           order by position, created_at, id), '[]'::json)
         from unit_tasks) as tasks,
        (select coalesce(json_object_agg(c.student_id || '-' || c.task_id,
            json_build_object('status', c.status, 'fileCount', coalesce(fc.n, 0))), '{}'::json)
         from cells c left join file_counts fc on fc.submission_id = c.id) as submissions
    `,
  );
  if (!row) throw new Error('the matrix query returned no row');
  return row;
}

/** Every unit an assessor may pick, with how many students are enrolled, by unit code. */
export async function listMatrixUnits(db: Database): Promise<MatrixUnit[]> {
  return rowsOf<MatrixUnit>(
    db,
    sql`
      select u.id, u.unit_code as "unitCode", u.title,
        (select count(*)::int from enrolments e where e.unit_id = u.id) as "studentCount"
      from units u
      order by u.unit_code
    `,
  );
}

/** The unit whose evidence arrived last; undefined before anyone submitted anything. */
export async function findUnitWithLatestEvidence(db: Database): Promise<string | undefined> {
  const [row] = await rowsOf<{ unitId: string }>(
    db,
    sql`
      select t.unit_id as "unitId"
      from submissions s
      join tasks t on t.id = s.task_id
      order by s.submitted_at desc
      limit 1
    `,
  );
  return row?.unitId;
}
