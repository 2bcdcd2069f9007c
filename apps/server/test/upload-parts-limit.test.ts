import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, send, studentWithUnit, webmAudio } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
let origin: string;
beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await env.close();
});

const mib = 1024 * 1024;

describe('an upload in parts on the local store', () => {
  it('refuses with 413 the parallel parts that would pass the declared size, and the rest still joins', async () => {
    const { caller, task } = await studentWithUnit(env);
    const fileType = 'audio/webm';
    const grant = await caller.student.evidence.requestUploadUrl({
      fileName: 'Toolbox talk.webm',
      fileType,
      fileSize: mib,
    });
    expect(grant.maxBytes).toBe(mib);
    const url = `${origin}${pathOf(grant.uploadUrl)}`;
    const audio = webmAudio(mib);

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(`${url}&part=${i + 1}`, { method: 'PUT', headers: { 'Content-Type': fileType }, body: audio }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 413)).toHaveLength(9);
    expect(answers.find((answer) => answer.status === 413)?.body.toString()).toBe(
      `File is larger than the limit of ${mib} bytes`,
    );

    // Whichever part landed holds the whole file; resend it as part 1 and join.
    const landed = statuses.indexOf(200) + 1;
    if (landed !== 1) {
      await send(url, { method: 'DELETE' });
      const again = await send(`${url}&part=1`, {
        method: 'PUT',
        headers: { 'Content-Type': fileType },
        body: audio,
      });
      expect(again.status).toBe(200);
    }
    const joined = await send(`${url}&parts=1`, { method: 'POST' });
    expect(joined.status, joined.body.toString()).toBe(200);
    expect(JSON.parse(joined.body.toString())).toEqual({ size: mib });
    const recorded = await caller.student.evidence.record({
      taskId: task.id,
      fileName: 'Toolbox talk.webm',
      fileType,
      objectPath: grant.objectPath,
    });
    expect(recorded.file.fileSize).toBe(mib);
  });
});
