import { createJobWorker, createThumbnailJob } from '@evident/api/jobs';
import type { ImageProcessor } from '@evident/core/ports/images';
import { evidenceFiles, jobs } from '@evident/db/schema';
import { sharpImages } from '@evident/storage/thumbnail';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpeg, pathOf, studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

/** This server's job worker again, making thumbnails with `images`. */
function thumbnailWorker(images: ImageProcessor) {
  return createJobWorker(env.services, { thumbnail: createThumbnailJob({ ...env.services, images }) });
}

type Caller = Awaited<ReturnType<typeof studentWithUnit>>['caller'];

async function uploadPhoto(caller: Caller, photo: Buffer) {
  const grant = await caller.student.evidence.requestUploadUrl({
    fileName: 'photo.jpg',
    fileType: 'image/jpeg',
  });
  const put = await app.inject({
    method: 'PUT',
    url: pathOf(grant.uploadUrl),
    headers: { 'content-type': 'image/jpeg' },
    payload: photo,
  });
  expect(put.statusCode, put.body).toBe(200);
  return { fileName: 'photo.jpg', fileType: 'image/jpeg', objectPath: grant.objectPath };
}

/** sharp behind a gate that the test opens, counting how many thumbnails are being made at once. */
function gatedImages() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const counts = { started: 0, active: 0, mostAtOnce: 0 };
  const images: ImageProcessor = {
    thumbnailContentType: sharpImages.thumbnailContentType,
    async createThumbnail(image) {
      counts.started++;
      counts.active++;
      counts.mostAtOnce = Math.max(counts.mostAtOnce, counts.active);
      try {
        await opened;
        return await sharpImages.createThumbnail(image);
      } finally {
        counts.active--;
      }
    },
  };
  return { images, counts, open };
}

describe('photo thumbnails in the background', () => {
  it('four photos recorded at once are all recorded before any thumbnail is made, then get them one at a time', async () => {
    const { student, tasks } = await studentWithUnit(env);
    const gate = gatedImages();
    await env.services.jobs.stop();
    env.services.jobs = thumbnailWorker(gate.images);
    const caller = await student.caller();
    const heard: unknown[] = [];
    const stopListening = env.services.events.subscribe((event) => {
      if (event.type === 'thumbnail.processed') heard.push(event);
    });

    const photo = await jpeg(640, 480);
    const files = await Promise.all(tasks.slice(0, 4).map(() => uploadPhoto(caller, photo)));
    const recorded = await Promise.all(
      files.map((file, i) => caller.student.evidence.record({ taskId: tasks[i]?.id ?? '', ...file })),
    );
    // Every answer came back while the decoder was still held at the gate.
    expect(recorded.map((r) => r.file.hasThumbnail)).toEqual([false, false, false, false]);
    expect(gate.counts.started).toBeLessThanOrEqual(1);
    const waiting = await caller.student.evidence.list({ taskId: tasks[0]?.id ?? '' });
    expect(waiting.submission?.files[0]).toMatchObject({ thumbnailStatus: 'pending', thumbnailUrl: null });

    gate.open();
    await env.services.jobs.idle();
    expect(gate.counts).toMatchObject({ started: 4, mostAtOnce: 1 });
    // Open screens hear of each one, and fetch the file's views again.
    stopListening();
    expect(heard).toHaveLength(4);
    expect(heard).toEqual(
      expect.arrayContaining(
        recorded.map((r) => ({
          type: 'thumbnail.processed',
          fileId: r.file.id,
          submissionId: r.submission.id,
          studentId: student.user.id,
        })),
      ),
    );
    for (const task of tasks.slice(0, 4)) {
      const [file] = (await caller.student.evidence.list({ taskId: task.id })).submission?.files ?? [];
      expect(file).toMatchObject({
        thumbnailStatus: 'ready',
        thumbnailUrl: expect.stringContaining('/thumbnails/'),
      });
    }
  });

  it('a photo recorded just before the server stopped gets its thumbnail from the next server', async () => {
    const { student, task } = await studentWithUnit(env);
    await env.services.jobs.stop();
    const caller = await student.caller();
    const file = await uploadPhoto(caller, await jpeg(320, 240));
    const recorded = await caller.student.evidence.record({ taskId: task.id, ...file });
    const [row] = await env.db.select().from(evidenceFiles).where(eq(evidenceFiles.id, recorded.file.id));
    expect(row).toMatchObject({ videoStatus: 'pending', thumbnailPath: null });
    const [job] = await env.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `thumbnail:${recorded.file.id}`));
    expect(job).toMatchObject({ kind: 'thumbnail', status: 'queued', payload: { fileId: recorded.file.id } });

    // The next start: a new worker over the same database picks the queued job up.
    env.services.jobs = thumbnailWorker(sharpImages);
    env.services.jobs.wake();
    await env.services.jobs.idle();
    const [view] = (await caller.student.evidence.list({ taskId: task.id })).submission?.files ?? [];
    expect(view).toMatchObject({
      thumbnailStatus: 'ready',
      thumbnailUrl: expect.stringContaining('/thumbnails/'),
    });
    const [done] = await env.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, job?.id ?? ''));
    expect(done).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
  });
});
