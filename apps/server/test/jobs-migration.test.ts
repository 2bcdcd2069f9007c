import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@evident/db/client';
import { queuePhotosWithoutThumbnails } from '@evident/db/queries/thumbnail-jobs';
import { evidenceFiles, jobs, users } from '@evident/db/schema';
import { buildSubmission, buildTask, buildUnit, buildUser } from '@evident/db/testing/factories';
import { and, count, eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyDatabase } from './harness';

const migrationsFolder = fileURLToPath(new URL('../../../packages/db/migrations', import.meta.url));
// In journal order: 0000 ... 0003, then 0004_jobs.
const migrations = readMigrationFiles({ migrationsFolder });

let database: DatabaseHandle;

/** An empty database (no migrations run), on PGlite or on the test PostgreSQL server. */
beforeAll(async () => {
  database = await openEmptyDatabase();
});
afterAll(async () => {
  await database.close();
});

async function returning(query: ReturnType<typeof sql>): Promise<{ id: string }[]> {
  const result = (await database.db.execute(query)) as unknown;
  return Array.isArray(result) ? (result as { id: string }[]) : (result as { rows: { id: string }[] }).rows;
}

async function apply(from: number, to: number) {
  for (const migration of migrations.slice(from, to)) {
    for (const statement of migration.sql)
      if (statement.trim()) await database.db.execute(sql.raw(statement));
  }
}

describe('migration 0004 (the job table)', () => {
  it('turns pending videos and photos into queued jobs, once each, and leaves finished files alone', async () => {
    await apply(0, 4);
    const { db } = database;
    // Written by hand: the factory names every column users has today, some of them added after 0004.
    await db.execute(
      sql`insert into users (first_name, last_name, email, role) values ('Old', 'Student', 'old.student@example.com', 'student')`,
    );
    const [student] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'old.student@example.com'));
    if (!student) throw new Error('the student was not written');
    // Raw SQL as well: the factories write today's columns, which a schema at 0004 does not have.
    const [unit] = await returning(
      sql`insert into units (unit_code, title) values ('OLD0004', 'Older unit') returning id`,
    );
    const [task] = await returning(
      sql`insert into tasks (unit_id, position, title) values (${unit?.id}, 0, 'Older task') returning id`,
    );
    const [submission] = await returning(
      sql`insert into submissions (student_id, task_id) values (${student.id}, ${task?.id}) returning id`,
    );
    const file = async (name: string, type: string, videoStatus: string | null) => {
      const [row] = await returning(
        sql`insert into evidence_files (submission_id, object_path, file_name, file_type, file_size, video_status)
            values (${submission?.id}, ${`evidence/old/${name}`}, ${name}, ${type}, 1024, ${videoStatus}::video_status)
            returning id`,
      );
      if (!row) throw new Error(`${name} was not written`);
      return row;
    };
    const video = await file('clip.mov', 'video/quicktime', 'pending');
    const photo = await file('photo.jpg', 'image/jpeg', 'pending');
    const done = await file('done.jpg', 'image/jpeg', 'ready');
    const pdf = await file('form.pdf', 'application/pdf', null);
    // As the old queue left one: claimed by a server that crashed, one attempt spent.
    await db.execute(
      sql`update evidence_files set video_claimed_at = now(), video_attempts = 1 where id = ${video.id}`,
    );

    await apply(4, 5);

    const queued = await db.select().from(jobs).orderBy(jobs.kind);
    expect(
      queued.map(({ kind, payload, status, dedupeKey, maxAttempts }) => ({
        kind,
        payload,
        status,
        dedupeKey,
        maxAttempts,
      })),
    ).toEqual([
      {
        kind: 'thumbnail',
        payload: { fileId: photo.id },
        status: 'queued',
        dedupeKey: `thumbnail:${photo.id}`,
        maxAttempts: 3,
      },
      {
        kind: 'video',
        payload: { fileId: video.id },
        status: 'queued',
        dedupeKey: `video:${video.id}`,
        maxAttempts: 3,
      },
    ]);
    // The files keep what screens show; the claim columns are gone.
    const files = await db
      .select({ id: evidenceFiles.id, videoStatus: evidenceFiles.videoStatus })
      .from(evidenceFiles)
      .orderBy(evidenceFiles.createdAt);
    expect(new Map(files.map((file) => [file.id, file.videoStatus]))).toEqual(
      new Map([
        [video.id, 'pending'],
        [photo.id, 'pending'],
        [done.id, 'ready'],
        [pdf.id, null],
      ]),
    );
    for (const column of ['video_claimed_at', 'video_attempts'])
      await expect(db.execute(sql.raw(`select ${column} from evidence_files`))).rejects.toThrow(column);
  });
});

describe('photos recorded before background thumbnails', () => {
  it('a backlog of 100,000 is queued at start-up, each once, without overflowing the stack', async () => {
    await apply(5, migrations.length);
    const { db } = database;
    const student = await buildUser(db, { role: 'student' });
    const unit = await buildUnit(db);
    const task = await buildTask(db, { unitId: unit.id });
    const submission = await buildSubmission(db, { studentId: student.id, taskId: task.id });
    await db.execute(sql`
      insert into evidence_files (submission_id, object_path, file_name, file_type, file_size)
      select ${submission.id}, 'evidence/old/' || n || '.jpg', 'photo.jpg', 'image/jpeg', 1024
      from generate_series(1, 100000) as n`);

    expect(await queuePhotosWithoutThumbnails(db)).toBe(100_000);
    const [queued] = await db
      .select({ count: count() })
      .from(jobs)
      .where(and(eq(jobs.kind, 'thumbnail'), eq(jobs.status, 'queued')));
    // The one photo the migration test above queued, and the backlog.
    expect(queued?.count).toBe(100_001);
    expect(await queuePhotosWithoutThumbnails(db)).toBe(0);
  }, 120_000);
});
