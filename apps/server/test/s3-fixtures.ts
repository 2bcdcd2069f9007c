import { startFakeS3 } from '../../../packages/storage/test/fake-s3-server';
import type { studentWithUnit } from './evidence-fixtures';
import { createTestEnv } from './harness';

/**
 * A server whose evidence goes to a fake S3 bucket, with its app. Images are capped at 0.1 MB,
 * small enough that a test photo can overshoot it: S3 cannot enforce the limit on the PUT.
 */
export async function startS3Env() {
  const s3 = await startFakeS3();
  const env = await createTestEnv({ env: { ...s3.env, MAX_IMAGE_MB: '0.1' } }).catch(async (error) => {
    await s3.close();
    throw error;
  });
  const app = await env.app();
  return {
    s3,
    env,
    app,
    async close() {
      await app.close();
      if (env.services.storage.kind === 's3') env.services.storage.client.destroy();
      await env.close();
      await s3.close();
    },
  };
}

type Caller = Awaited<ReturnType<typeof studentWithUnit>>['caller'];

/** Straight to the bucket with the presigned URL, as the browser does. */
export async function upload(
  caller: Caller,
  fileName: string,
  fileType: string,
  body: Buffer,
  sendType = fileType,
) {
  const grant = await caller.student.evidence.requestUploadUrl({ fileName, fileType });
  const response = await fetch(grant.uploadUrl, {
    method: grant.method,
    headers: { ...grant.headers, 'Content-Type': sendType },
    body: new Uint8Array(body),
  });
  return { grant, status: response.status, file: { fileName, fileType, objectPath: grant.objectPath } };
}
