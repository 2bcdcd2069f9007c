import type { VideoConverter } from '@evident/core/ports/video';
import { claimJob } from '@evident/db/queries/jobs';
import { queueUnprocessedVideos } from '@evident/db/queries/video-jobs';
import { evidenceFiles, jobs } from '@evident/db/schema';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studentWithUnit } from './evidence-fixtures';
import { createTestEnv } from './harness';
import { corruptMov, processedFile, recordVideo } from './video-fixtures';

describe('video evidence without ffmpeg', () => {
  it('nothing is queued, the video plays as uploaded, and start-up says why', async () => {
    const lines: string[] = [];
    const env = await createTestEnv({
      env: { FFMPEG_PATH: '/nonexistent/ffmpeg' },
      logDestination: { write: (line: string) => void lines.push(line) },
    });
    const app = await env.app();
    try {
      expect(env.services.videoProcessing).toBe(false);
      const off = lines.map((line) => JSON.parse(line).msg).filter((msg) => /video processing/.test(msg));
      expect(off).toEqual([
        'video processing is off (FFMPEG_PATH /nonexistent/ffmpeg is not an executable file); videos are stored and played as uploaded',
      ]);

      const { caller, task } = await studentWithUnit(env);
      await recordVideo({ env, app }, caller, task.id, 'Walkthrough.mov', 'video/quicktime', corruptMov());
      const [file] = (await caller.student.evidence.list({ taskId: task.id })).submission?.files ?? [];
      expect(file).toMatchObject({ videoStatus: null, playableUrl: null, thumbnailUrl: null });
      const [row] = await env.db.select().from(evidenceFiles);
      expect(row?.videoStatus).toBeNull();

      // Once ffmpeg is installed, `pnpm cli queue-videos` hands such videos to the queue.
      expect(await queueUnprocessedVideos(env.db, { retryFailed: false })).toBe(1);
      const [queued] = await env.db.select().from(evidenceFiles);
      expect(queued?.videoStatus).toBe('pending');
      const waiting = await env.db.select().from(jobs).where(eq(jobs.kind, 'video'));
      expect(waiting).toMatchObject([{ status: 'queued', payload: { fileId: queued?.id } }]);
      expect(await queueUnprocessedVideos(env.db, { retryFailed: false })).toBe(0);
      await env.db.update(evidenceFiles).set({ videoStatus: 'failed' });
      expect(await queueUnprocessedVideos(env.db, { retryFailed: false })).toBe(0);
      expect(await queueUnprocessedVideos(env.db, { retryFailed: true })).toBe(1);
    } finally {
      await app.close();
      await env.close();
    }
  });
});

describe('the video queue', () => {
  it('runs one conversion at a time, never fails a recording, and records a converter failure', async () => {
    let active = 0;
    let mostAtOnce = 0;
    let calls = 0;
    const slow: VideoConverter = {
      description: 'a test stand-in',
      async convert(source, _options, use) {
        calls++;
        active++;
        mostAtOnce = Math.max(mostAtOnce, active);
        try {
          for await (const _ of source) {
            // drain the original
          }
          await new Promise((resolve) => setTimeout(resolve, 30));
          if (calls === 2) throw new Error('ffmpeg fell over');
          return await use({
            probe: {
              container: 'mov',
              majorBrand: 'qt',
              videoCodec: 'hevc',
              pixelFormat: 'yuv420p',
              colorTransfer: null,
              audioCodec: null,
              durationSeconds: 1,
            },
            poster: null,
            playable: null,
          });
        } finally {
          active--;
        }
      },
    };
    const lines: string[] = [];
    const env = await createTestEnv({
      videoConverter: slow,
      logDestination: { write: (line: string) => void lines.push(line) },
    });
    const app = await env.app();
    try {
      const students = await Promise.all([1, 2, 3].map(() => studentWithUnit(env)));
      await Promise.all(
        students.map(({ caller, task }, i) =>
          recordVideo({ env, app }, caller, task.id, `clip-${i}.mov`, 'video/quicktime', corruptMov()),
        ),
      );
      const statuses = [];
      for (const { caller, task } of students)
        statuses.push((await processedFile(caller, task.id)).videoStatus);
      expect(statuses.sort()).toEqual(['failed', 'ready', 'ready']);
      expect(calls).toBe(3);
      expect(mostAtOnce).toBe(1);
      const failures = lines.map((line) => JSON.parse(line)).filter((line) => /failed/.test(line.msg));
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({
        level: 40,
        msg: expect.stringMatching(
          /^Video processing failed for evidence\/.+ \(video\/quicktime\): ffmpeg fell over$/,
        ),
      });
    } finally {
      await app.close();
      await env.close();
    }
  });

  it('a worker looking for work claims one of several waiting videos per look, leaving the rest to be claimed', async () => {
    // No ffmpeg, so no running queue claims anything behind the test's back.
    const env = await createTestEnv({ env: { FFMPEG_PATH: '/nonexistent/ffmpeg' } });
    const app = await env.app();
    try {
      for (const i of [1, 2, 3]) {
        const { caller, task } = await studentWithUnit(env);
        await recordVideo({ env, app }, caller, task.id, `waiting-${i}.mov`, 'video/quicktime', corruptMov());
      }
      expect(await queueUnprocessedVideos(env.db, { retryFailed: false })).toBe(3);
      // The videos' jobs: an undeclared upload also queues a reminder mail (issue 29 §3).
      const waiting = (await env.db.select().from(jobs).where(eq(jobs.kind, 'video'))).map((row) => row.id);
      const now = new Date(Date.now() + 1000);
      const look = () => claimJob(env.db, { kinds: ['video'], workerId: 'test', now, lockMs: 60_000 });
      const claimedNow = async () =>
        (
          await env.db
            .select()
            .from(jobs)
            .where(and(eq(jobs.status, 'running'), eq(jobs.kind, 'video')))
        )
          .map((row) => row.id)
          .sort();

      const claimed: (string | undefined)[] = [];
      for (const _ of waiting) {
        claimed.push((await look())?.id);
        expect(await claimedNow()).toEqual(claimed.toSorted());
      }
      expect(claimed.toSorted()).toEqual(waiting.toSorted());
      expect(await look()).toBeUndefined();
    } finally {
      await app.close();
      await env.close();
    }
  });
});
