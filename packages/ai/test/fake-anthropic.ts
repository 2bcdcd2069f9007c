import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake Messages API received it. */
export type ReceivedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    max_tokens: number;
    system: string;
    tools: { name: string; description?: string; input_schema: Record<string, unknown> }[];
    tool_choice: { type: string; name?: string };
    messages: { role: string; content: unknown }[];
  };
};

export type FakeReply = { status: number; body: unknown; headers?: Record<string, string> };

export type FakeAnthropic = {
  baseUrl: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
};

let messageCount = 0;

/** A successful Messages API response whose only content is a record_tasks tool call. */
export function toolUseReply(input: unknown, stopReason = 'tool_use'): FakeReply {
  messageCount++;
  return {
    status: 200,
    headers: { 'request-id': `req_${messageCount}` },
    body: {
      id: `msg_test_${messageCount}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5-20250929',
      content: [{ type: 'tool_use', id: `toolu_test_${messageCount}`, name: 'record_tasks', input }],
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 1850, output_tokens: 920 },
    },
  };
}

export function toolUseId(reply: FakeReply): string {
  return (reply.body as { content: { id: string }[] }).content[0]?.id ?? '';
}

/** The error envelope the Messages API sends, e.g. 529 overloaded_error. */
export function errorReply(
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): FakeReply {
  return {
    status,
    headers: { 'request-id': `req_error_${status}`, ...headers },
    body: { type: 'error', error: { type, message } },
  };
}

/**
 * A local server speaking the Messages API wire format: POST /v1/messages answered from a script of
 * replies, one per request, every request recorded for the test to inspect.
 */
export async function startFakeAnthropic(replies: FakeReply[]): Promise<FakeAnthropic> {
  const requests: ReceivedRequest[] = [];
  const script = [...replies];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const send = (reply: FakeReply) => {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(JSON.stringify(reply.body));
      };
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/messages') {
        send(errorReply(404, 'not_found_error', `No route for ${req.method} ${req.url}`));
        return;
      }
      requests.push({
        method: req.method,
        path: req.url,
        headers: req.headers,
        body: JSON.parse(text) as ReceivedRequest['body'],
      });
      send(script.shift() ?? errorReply(500, 'api_error', 'The test script ran out of replies'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
