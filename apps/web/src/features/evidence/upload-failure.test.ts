import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { describeUploadFailure, uploadFailureText } from './upload-failure';
import { UploadCancelledError, UploadHttpError } from './upload-transfer';

/** A tRPC error as the client builds it from the server's answer (our formatter's shape). */
function serverAnswered(httpStatus: number, message: string) {
  return new TRPCClientError(message, {
    result: {
      error: { message, code: -32_600, data: { httpStatus, code: 'X', path: 'student.recordEvidence' } },
    },
  });
}

describe('describeUploadFailure', () => {
  it('treats lost connections, server trouble and rate limits as worth retrying with the same URL', () => {
    for (const status of [0, 408, 409, 429, 500, 503]) {
      expect(describeUploadFailure(new UploadHttpError(status, '')), String(status)).toMatchObject({
        retryable: true,
        needsNewUrl: false,
      });
    }
  });

  it('asks for a new URL when the signature expired or the upload route is gone', () => {
    for (const status of [403, 404]) {
      expect(describeUploadFailure(new UploadHttpError(status, 'Expired'))).toMatchObject({
        retryable: true,
        needsNewUrl: true,
      });
    }
  });

  it('gives up on a refusal and shows the server reason', () => {
    const failure = describeUploadFailure(
      new UploadHttpError(415, 'Content-Type differs from the upload URL'),
    );
    expect(failure).toMatchObject({ retryable: false, reason: 'Content-Type differs from the upload URL' });
    expect(uploadFailureText(failure)).toBe(
      'Failed to upload evidence. Please try again. Content-Type differs from the upload URL',
    );
  });

  it('uploads again to a new URL when the server lost the file or the grant', () => {
    for (const message of [
      'The file was not uploaded. Please upload it again',
      'The upload expired before it was recorded. Please upload it again',
      'This upload is no longer open. Please upload it again',
    ]) {
      expect(describeUploadFailure(serverAnswered(404, message))).toMatchObject({
        retryable: true,
        needsNewUrl: true,
      });
    }
  });

  it('retries joining parts that had not all arrived at the bucket, listing them first', () => {
    expect(
      describeUploadFailure(
        serverAnswered(409, '1 of 3 parts have not arrived yet; send them and try again'),
      ),
    ).toMatchObject({ retryable: true, needsNewUrl: false });
  });

  it('does not retry what the server refused for good', () => {
    const failure = describeUploadFailure(serverAnswered(422, 'Evidence of this type is not allowed'));
    expect(failure).toMatchObject({ retryable: false, reason: 'Evidence of this type is not allowed' });
  });

  it('a cancelled upload is no failure to report', () => {
    expect(describeUploadFailure(new UploadCancelledError())).toMatchObject({ cancelled: true });
    expect(uploadFailureText(describeUploadFailure(new UploadHttpError(0, '')))).toBe(
      'Failed to upload evidence. Please try again',
    );
  });
});
