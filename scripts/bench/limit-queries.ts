/**
 * The statements Evident's built server sends for the four hot reads, copied from PostgreSQL's own
 * log (`log_statement=all`) while the bundle answered each read once (the tree of commit cbc41a7,
 * after issue 31 §2 prepared them), with whether postgres.js sent each named (prepared) or unnamed.
 * The bare server of `pnpm bench limit` sends exactly these texts with the same parameters, prepared
 * where Evident prepares them, so the limit it measures is what the database allows for Evident's
 * SQL, not for some other SQL. On PostgreSQL the bench captures Evident's statements again at its
 * start and warns loudly about any not listed here the same way (limit-sync.ts); it writes what it
 * saw to a file to copy from. Texts are kept as sent, line breaks and all: one carries a `--` comment.
 */

export type Statement = { text: string; prepared: boolean };

/** Every read: the session by its cookie, its user and whom they act as, in one statement (packages/db/src/session-records.ts). $1 the session id. */
export const sessionWithAccounts: Statement = {
  prepared: true,
  text: `select "sessions"."id", "sessions"."user_id", "sessions"."expires_at", "sessions"."acting_as_user_id", "sessions"."auth_method", "users"."id", "users"."first_name", "users"."last_name", "users"."email", "users"."profile_image_url", "users"."role", "users"."approved_at", "users"."deactivated_at", "acting_users"."id", "acting_users"."first_name", "acting_users"."last_name", "acting_users"."email", "acting_users"."profile_image_url", "acting_users"."role", "acting_users"."approved_at", "acting_users"."deactivated_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" left join "users" "acting_users" on "acting_users"."id" = "sessions"."acting_as_user_id" where "sessions"."id" = $1`,
};

/** GET /api/student/tasks (queries/tasks.ts): $1 and $2 are both the student. */
export const studentTasks: Statement = {
  prepared: true,
  text: `select "tasks"."id", "tasks"."unit_id", "tasks"."position", "tasks"."title", "tasks"."description", "tasks"."phase", "tasks"."tooltip", "tasks"."evidence_types", "tasks"."occasion", "tasks"."performance_evidence_mapping", "tasks"."archived_at", "tasks"."archived_by", "tasks"."created_at", "units"."unit_code", "units"."title", "submissions"."id", "submissions"."status", "submissions"."assessor_comment", (select count(*)::int from "evidence_files" where "evidence_files"."submission_id" = "submissions"."id" and "evidence_files"."withdrawn_at" is null) from "enrolments" inner join "units" on "units"."id" = "enrolments"."unit_id" inner join "tasks" on "tasks"."unit_id" = "units"."id" left join "submissions" on ("submissions"."task_id" = "tasks"."id" and "submissions"."student_id" = $1) where ("enrolments"."student_id" = $2 and "units"."archived_at" is null and "tasks"."archived_at" is null) order by "units"."unit_code" asc, "tasks"."position" asc`,
};

/** GET /api/assessor/submissions, an assessor's pending submissions (queries/grading.ts) in the scope of shape reader:assessor: $1 'submitted', $2-$4 the assessor. */
export const pendingSubmissions: Statement = {
  prepared: true,
  text: `select "submissions"."id", "submissions"."status", "submissions"."student_id", "submissions"."submitted_at", "users"."first_name", "users"."last_name", "users"."email", "users"."deactivated_at" is not null, "tasks"."id", "tasks"."title", "tasks"."description", "tasks"."position", "units"."id", "units"."unit_code", "units"."title" from "submissions" inner join "users" on "users"."id" = "submissions"."student_id" inner join "tasks" on "tasks"."id" = "submissions"."task_id" inner join "units" on "units"."id" = "tasks"."unit_id" where ("submissions"."status" = $1 and ("submissions"."student_id" <> $2 and (exists (select 1 from class_enrolments sce
        join class_assessors sca on sca.class_id = sce.class_id and sca.assessor_id = $3
        join classes sc on sc.id = sce.class_id and sc.archived_at is null
        where sce.student_id = "submissions"."student_id" and sce.ended_at is null)
    or (not exists (select 1 from users sa where sa.id = $4 and sa.classes_only)
      and not exists (select 1 from class_enrolments sce
        join classes sc on sc.id = sce.class_id and sc.archived_at is null
        where sce.student_id = "submissions"."student_id" and sce.ended_at is null))))) order by "users"."last_name" asc, "users"."first_name" asc, "users"."id" asc, "units"."unit_code" asc, "tasks"."position" asc, "submissions"."id" asc`,
};

/** The files of the pending submissions (queries/evidence-files.ts), withdrawn ones never, primary first: $1 their ids. */
export const submissionFiles: Statement = {
  prepared: true,
  text: `select "id", "submission_id", "object_path", "thumbnail_path", "file_name", "file_type", "file_size", "is_primary", "created_at", "video_status", "playable_path", "withdrawn_at", "withdrawn_by", "recorded_by", "captured_at", "client_key", "sha256", "sha256_recorded_later_at", "declaration_id" from "evidence_files" where ("evidence_files"."submission_id" = any($1::uuid[]) and "evidence_files"."withdrawn_at" is null) order by "evidence_files"."is_primary" desc, "evidence_files"."created_at" asc, "evidence_files"."id" asc`,
};

/** The decisions on the pending submissions (queries/grading.ts), oldest first: $1 their ids. */
export const gradingDecisions: Statement = {
  prepared: true,
  text: `select "grading_decisions"."id", "grading_decisions"."submission_id", "grading_decisions"."status", "grading_decisions"."comment", "grading_decisions"."strategies_for_reassessment", "grading_decisions"."file_ids", "grading_decisions"."created_at", "grading_decisions"."assessor_id", "assessor"."first_name" || ' ' || "assessor"."last_name", "grading_decisions"."acting_admin_id", "acting_admin"."first_name" || ' ' || "acting_admin"."last_name", "grading_decisions"."unit_release", "declarations"."version", "declarations"."created_at" from "grading_decisions" left join "users" "assessor" on "assessor"."id" = "grading_decisions"."assessor_id" left join "users" "acting_admin" on "acting_admin"."id" = "grading_decisions"."acting_admin_id" left join "declarations" on "declarations"."id" = "grading_decisions"."declaration_id" where "grading_decisions"."submission_id" = any($1::uuid[]) order by "grading_decisions"."created_at" asc, "grading_decisions"."id" asc`,
};

/** The names of whoever recorded those files (queries/users.ts): $1 their distinct ids. */
export const recorderNames: Statement = {
  prepared: true,
  text: `select "id", "first_name", "last_name" from "users" where "users"."id" = any($1::uuid[])`,
};

/** GET /api/reports/evidence-matrix?unitId=, the units to choose from (queries/evidence-matrix.ts): $1-$3 the reader, $4 the unit. */
export const matrixUnits: Statement = {
  prepared: true,
  text: `select u.id, u.unit_code, u.title, (select count(*)::int from enrolments e where e.unit_id = u.id and (e.student_id <> $1 and (exists (select 1 from class_enrolments sce
        join class_assessors sca on sca.class_id = sce.class_id and sca.assessor_id = $2
        join classes sc on sc.id = sce.class_id and sc.archived_at is null
        where sce.student_id = e.student_id and sce.ended_at is null)
    or (not exists (select 1 from users sa where sa.id = $3 and sa.classes_only)
      and not exists (select 1 from class_enrolments sce
        join classes sc on sc.id = sce.class_id and sc.archived_at is null
        where sce.student_id = e.student_id and sce.ended_at is null))))) from units u where (u.archived_at is null ) or u.id = $4::uuid order by u.unit_code`,
};

/** The unit's matrix as JSON text, written by the database: $1, $5, $6 and $10 the unit; the reader in $2-$4, $7-$9 and $11-$13. */
export const matrixJson: Statement = {
  prepared: true,
  text: `select '{"students":' || (
          select coalesce(json_agg(json_build_object(
              'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email,
              'profileImageUrl', u.profile_image_url, 'deactivated', u.deactivated_at is not null
            ) order by lower(u.last_name), lower(u.first_name), u.id), '[]'::json)
          from enrolments e
          join users u on u.id = e.student_id and u.role = 'student'
          where e.unit_id = $1 and (e.student_id <> $2 and (exists (select 1 from class_enrolments sce
        join class_assessors sca on sca.class_id = sce.class_id and sca.assessor_id = $3
        join classes sc on sc.id = sce.class_id and sc.archived_at is null
        where sce.student_id = e.student_id and sce.ended_at is null)
    or (not exists (select 1 from users sa where sa.id = $4 and sa.classes_only)
      and not exists (select 1 from class_enrolments sce
        join classes sc on sc.id = sce.class_id and sc.archived_at is null
        where sce.student_id = e.student_id and sce.ended_at is null))))
        )::text
        || ',"tasks":' || (
          select coalesce(json_agg(json_build_object('id', t.id, 'title', t.title)
            order by t.position, t.created_at, t.id), '[]'::json)
          from tasks t
          where t.unit_id = $5
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
            where t.unit_id = $6 and (e.student_id <> $7 and (exists (select 1 from class_enrolments sce
        join class_assessors sca on sca.class_id = sce.class_id and sca.assessor_id = $8
        join classes sc on sc.id = sce.class_id and sc.archived_at is null
        where sce.student_id = e.student_id and sce.ended_at is null)
    or (not exists (select 1 from users sa where sa.id = $9 and sa.classes_only)
      and not exists (select 1 from class_enrolments sce
        join classes sc on sc.id = sce.class_id and sc.archived_at is null
        where sce.student_id = e.student_id and sce.ended_at is null))))
            group by s.id
          ) c
        ), '') || '},"outcomes":{' || coalesce((
          select string_agg(
            '"' || o.student_id || '":{"id":"' || o.id || '","outcome":"' || o.outcome || '"}', ',')
          from unit_outcomes o
          join enrolments e on e.student_id = o.student_id and e.unit_id = o.unit_id
          where o.unit_id = $10 and o.superseded_at is null and (e.student_id <> $11 and (exists (select 1 from class_enrolments sce
        join class_assessors sca on sca.class_id = sce.class_id and sca.assessor_id = $12
        join classes sc on sc.id = sce.class_id and sc.archived_at is null
        where sce.student_id = e.student_id and sce.ended_at is null)
    or (not exists (select 1 from users sa where sa.id = $13 and sa.classes_only)
      and not exists (select 1 from class_enrolments sce
        join classes sc on sc.id = sce.class_id and sc.archived_at is null
        where sce.student_id = e.student_id and sce.ended_at is null))))
        ), '') || '}}'
     from (select 1) as one`,
};

/** Every statement the bare server sends, for the check against what Evident sends. */
export const knownStatements: Statement[] = [
  sessionWithAccounts,
  studentTasks,
  pendingSubmissions,
  submissionFiles,
  gradingDecisions,
  recorderNames,
  matrixUnits,
  matrixJson,
];
