import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import {
  connectionLostText,
  describeUploadFailure,
  explainNoAnswer,
  uploadFailureText,
} from './upload-failure';
import { UploadCancelledError, UploadHttpError } from './upload-transfer';

/** A tRPC error as the client builds it from the server's answer (our formatter's shape). */
function serverAnswered(httpStatus: number, message: string) {
  return new TRPCClientError(message, {
    result: {
      error: { message, code: -32_600, data: { httpStatus, code: 'X', path: 'student.evidence.record' } },
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
    expect(describeUploadFailure(new UploadCancelledError())).toMatchObject({
      cancelled: true,
      reason: null,
    });
  });

  it('says to check the connection only when nothing answered', () => {
    const lost = describeUploadFailure(new UploadHttpError(0, ''));
    expect(lost).toMatchObject({ noAnswer: true, retryable: true, reason: connectionLostText });
    expect(uploadFailureText(lost)).toBe(
      `Failed to upload evidence. Please try again. ${connectionLostText}`,
    );
    expect(describeUploadFailure(new TRPCClientError('Failed to fetch'))).toMatchObject({ noAnswer: true });
    for (const error of [
      new UploadHttpError(500, ''),
      new UploadHttpError(413, ''),
      new UploadHttpError(415, ''),
      new UploadHttpError(403, 'Expired'),
      serverAnswered(500, 'Something went wrong on our side. Please try again.'),
      serverAnswered(422, 'Evidence of this type is not allowed'),
      new Error('Could not re-encode the photo'),
    ]) {
      const failure = describeUploadFailure(error);
      expect(failure.noAnswer, error.message).toBe(false);
      expect(failure.reason, error.message).not.toMatch(/connection/i);
    }
  });

  it('names a server error, a size limit and a refused type even when the answer has no text', () => {
    expect(describeUploadFailure(new UploadHttpError(503, '<html>Bad gateway</html>'))).toMatchObject({
      retryable: true,
      reason: 'The server could not take the file just now (error 503). Retry in a moment',
    });
    expect(describeUploadFailure(new UploadHttpError(413, ''))).toMatchObject({
      retryable: false,
      reason: 'The file is larger than this server accepts',
    });
    expect(describeUploadFailure(new UploadHttpError(415, ''))).toMatchObject({
      retryable: false,
      reason: 'The server does not accept this type of file',
    });
    expect(describeUploadFailure(serverAnswered(500, 'Something went wrong'))).toMatchObject({
      retryable: true,
      reason: 'The server could not take the file just now (error 500). Retry in a moment',
    });
  });

  it('a photo that cannot be prepared on the device says so, not that the connection is gone', () => {
    expect(describeUploadFailure(new Error('Could not re-encode the photo'))).toMatchObject({
      retryable: true,
      reason: 'The file could not be prepared on this device: Could not re-encode the photo',
    });
  });
});

describe('explainNoAnswer', () => {
  const lost = () => describeUploadFailure(new UploadHttpError(0, ''));
  const page = 'http://192.168.1.20:3000';

  it('keeps "check your connection" when our own server cannot be reached either', async () => {
    const failure = await explainNoAnswer(
      lost(),
      'http://localhost:3000/files/upload/x',
      async () => false,
      page,
    );
    expect(failure).toMatchObject({ noAnswer: true, reason: connectionLostText });
  });

  it('names a blocked cross-origin upload when our server answers', async () => {
    const failure = await explainNoAnswer(
      lost(),
      'http://localhost:3000/files/upload/x?sig=1',
      async () => true,
      page,
    );
    expect(failure).toMatchObject({ noAnswer: false, retryable: false });
    expect(failure.reason).toBe(
      'The browser blocked the upload to localhost:3000. Open Evident at that address, or ask whoever runs it to allow uploads from 192.168.1.20:3000',
    );
  });

  it('calls a same-origin upload that broke off while the server answers an interruption', async () => {
    const failure = await explainNoAnswer(lost(), '/files/upload/x?sig=1', async () => true, page);
    expect(failure).toMatchObject({ noAnswer: false, retryable: true, reason: 'The upload was interrupted' });
  });

  it('leaves answered failures alone without asking the server', async () => {
    let asked = false;
    const refused = describeUploadFailure(new UploadHttpError(413, ''));
    const failure = await explainNoAnswer(
      refused,
      '/files/upload/x',
      async () => {
        asked = true;
        return true;
      },
      page,
    );
    expect(failure).toBe(refused);
    expect(asked).toBe(false);
  });
});
