import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createLocalDiskStorage, type LocalDiskStorage } from '../src/local-disk';
import { type FileResponse, handleDownloadRequest, handleUploadRequest } from '../src/local-file-requests';
import type { Query } from '../src/url-signing';

export const testSecret = 'test-secret-that-is-at-least-32-bytes-long';

/**
 * Mounts the local adapter's /files routes on a plain node:http server, the way the Fastify
 * composition root does, so tests go over real HTTP with real streaming request bodies.
 */
export async function startFilesServer() {
  const rootDir = await mkdtemp(join(tmpdir(), 'evident-files-'));
  let storage: LocalDiskStorage = createLocalDiskStorage({
    rootDir,
    publicUrl: 'http://placeholder',
    secret: testSecret,
  });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query: Query = {};
    for (const key of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(key);
      query[key] = values.length === 1 ? values[0] : values;
    }
    const route = /^\/files\/(upload|download)\/(.*)$/.exec(url.pathname);
    const respond = async (): Promise<FileResponse> => {
      if (!route) return { status: 404, headers: {}, body: 'Not found' };
      const request = {
        method: req.method ?? 'GET',
        objectPath: decodeURIComponent(route[2] ?? ''),
        query,
        headers: req.headers,
        body: req,
      };
      return route[1] === 'upload'
        ? handleUploadRequest(storage, request)
        : handleDownloadRequest(storage, request);
    };
    respond().then(
      async (response) => {
        res.writeHead(response.status, response.headers);
        if (response.body instanceof Readable) await pipeline(response.body, res);
        else res.end(response.body ?? undefined);
      },
      (error: unknown) => {
        res.writeHead(500, { Connection: 'close' });
        res.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const publicUrl = `http://127.0.0.1:${port}`;
  storage = createLocalDiskStorage({ rootDir, publicUrl, secret: testSecret });

  return {
    rootDir,
    publicUrl,
    get storage() {
      return storage;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(rootDir, { recursive: true, force: true });
    },
  };
}

export type SentResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * An HTTP request through node:http, which (unlike fetch) reports the server's early answer
 * while the body is still being sent: how a browser sees a 413 on a big upload.
 */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | Readable } = {},
): Promise<SentResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    let answered = false;
    req.on('response', () => {
      answered = true;
    });
    // Writing on after the server has answered and closed is expected for refused uploads.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const body = options.body;
    if (body instanceof Readable) {
      body.on('error', (error) => req.destroy(error));
      body.pipe(req);
    } else {
      req.end(body);
    }
  });
}
