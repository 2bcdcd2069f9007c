import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { newObjectPath } from '@evident/core/object-path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
let port: number;
beforeAll(async () => {
  env = await createTestEnv({
    env: {
      BODY_TIMEOUT_SECONDS: '0.5',
      UPLOAD_IDLE_TIMEOUT_SECONDS: '0.5',
      IDLE_CONNECTION_TIMEOUT_SECONDS: '3',
      MAX_CONNECTIONS_PER_ADDRESS: '3',
    },
  });
  app = await env.app();
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await env.close();
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Everything the server wrote until it closed the connection. */
function answer(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', () => resolve(text));
  });
}

/** Sends the head of a request that promises 100000 bytes, then one byte every 100 ms. */
async function trickle(path: string, contentType: string) {
  const socket = await open();
  const answered = answer(socket);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: 100000\r\n\r\n{`,
  );
  const drip = setInterval(() => {
    if (!socket.destroyed) socket.write(' ');
  }, 100);
  try {
    return await answered;
  } finally {
    clearInterval(drip);
    socket.destroy();
  }
}

describe('slow clients', () => {
  it('a sign-in whose body trickles in is cut off with a 408 and the connection closes', async () => {
    const text = await trickle('/api/auth/login', 'application/json');
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('did not arrive in time');
  });

  it('an upload that keeps sending outlives the body deadline; one that stops is cut off with a 408', async () => {
    const upload = async (name: string) => {
      const student = await env.signedIn('student');
      const objectPath = newObjectPath(student.user.id, name);
      const { uploadUrl } = await env.services.storage.createUploadUrl({
        objectPath,
        userId: student.user.id,
        contentType: 'image/jpeg',
        maxBytes: 10_000,
        expiresAt: new Date(Date.now() + 60_000),
      });
      const url = new URL(uploadUrl);
      return `${url.pathname}${url.search}`;
    };
    // A slow phone: ten bytes over two seconds, four times the body deadline.
    const slow = await open();
    const slowAnswer = answer(slow);
    slow.write(
      `PUT ${await upload('slow.jpg')} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/jpeg\r\nContent-Length: 10\r\nConnection: close\r\n\r\n`,
    );
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      slow.write('x');
    }
    expect(await slowAnswer).toMatch(/^HTTP\/1\.1 200 /);

    const stalled = await open();
    const stalledAnswer = answer(stalled);
    stalled.write(
      `PUT ${await upload('stalled.jpg')} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/jpeg\r\nContent-Length: 10\r\n\r\nabc`,
    );
    expect(await stalledAnswer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('an idle connection that sends nothing is closed', async () => {
    const socket = await open();
    expect(await answer(socket)).toBe('');
  });

  it('one address may hold only a few connections at a time', async () => {
    const held = await Promise.all([open(), open(), open()]);
    const extra = await open();
    const refused = await answer(extra);
    expect(refused).toBe('');
    expect(extra.destroyed).toBe(true);
    for (const socket of held) socket.destroy();
  });
});
