import { expect } from 'vitest';
import { pathOf, type studentWithUnit } from './evidence-fixtures';
import type { TestEnv } from './harness';

/** A QuickTime header (`ftyp qt  `) followed by noise: passes the magic-byte check, decodes as nothing. */
export function corruptMov(): Buffer {
  const header = Buffer.from('00000014667479707174202000000000717420200000', 'hex');
  const noise = Buffer.alloc(20_000);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  return Buffer.concat([header, noise]);
}

export type Env = { env: TestEnv; app: Awaited<ReturnType<TestEnv['app']>> };
type Caller = Awaited<ReturnType<typeof studentWithUnit>>['caller'];

/** upload-url, the PUT, then recordEvidence: the flow a phone goes through. */
export async function recordVideo(
  { app }: Env,
  caller: Caller,
  taskId: string,
  fileName: string,
  fileType: string,
  body: Buffer,
) {
  const grant = await caller.student.evidence.requestUploadUrl({ fileName, fileType });
  const put = await app.inject({
    method: 'PUT',
    url: pathOf(grant.uploadUrl),
    headers: { 'content-type': fileType },
    payload: body,
  });
  expect(put.statusCode, put.body).toBe(200);
  const recorded = await caller.student.evidence.record({
    taskId,
    fileName,
    fileType,
    objectPath: grant.objectPath,
  });
  return { recorded, objectPath: grant.objectPath };
}

/** Polls the student's evidence view until the video is no longer pending. */
export async function processedFile(caller: Caller, taskId: string) {
  for (;;) {
    const file = (await caller.student.evidence.list({ taskId })).submission?.files[0];
    if (!file) throw new Error('no evidence file');
    if (file.videoStatus !== 'pending') return file;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
