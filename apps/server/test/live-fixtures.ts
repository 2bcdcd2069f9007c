import type { DomainEvent } from '@evident/core/events';
import type { TestEnv } from './harness';

export { recordPdf } from './evidence-fixtures';

type Caller = Awaited<ReturnType<ReturnType<TestEnv['browser']>['caller']>>;

/** Every event a bus delivers from now on, in order. */
export function recordEvents(bus: TestEnv['services']['events']) {
  const events: DomainEvent[] = [];
  const stop = bus.subscribe((event) => events.push(event));
  return { events, stop, types: () => events.map((event) => event.type) };
}

export type LiveMessage = { id: string; data: { type: string } & Record<string, unknown> };

/** A live stream opened through the caller, read one message at a time. */
export async function openStream(caller: Caller, lastEventId?: string) {
  const iterable = await caller.live.events.stream(lastEventId ? { lastEventId } : undefined);
  const iterator = iterable[Symbol.asyncIterator]();
  return {
    async next(): Promise<LiveMessage> {
      const result = await iterator.next();
      if (result.done) throw new Error('the stream ended');
      // tracked(id, data) travels as [id, data, marker] until the SSE layer turns it into `id:`/`data:`.
      const [id, data] = result.value as unknown as [string, LiveMessage['data']];
      return { id, data };
    },
    /** Messages up to and including the first that `until` accepts. */
    async readUntil(until: (message: LiveMessage) => boolean): Promise<LiveMessage[]> {
      const seen: LiveMessage[] = [];
      for (;;) {
        const message = await this.next();
        seen.push(message);
        if (until(message)) return seen;
      }
    },
    close: () => iterator.return?.(),
  };
}

/** Far longer than the stream's own recheck interval: only a stream that never ends runs into it. */
const generousWaitMs = 20_000;

/** A real live stream over HTTP, opened with these headers (a cookie, or an LMS tab's session header). */
export async function openHttpStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error('no body');
  let text = '';
  let done = false;
  const read = async () => {
    const chunk = await reader.read();
    if (chunk.done) done = true;
    else text += chunk.value;
  };
  return {
    /** Reads until `needle` has arrived `times` times. */
    async readUntil(needle: string, times = 1) {
      while (text.split(needle).length - 1 < times) {
        if (done) throw new Error(`stream ended before ${needle}: ${text}`);
        await read();
      }
    },
    /** Reads until the server closes the response; fails if it is still open after a generous wait. */
    async ended(): Promise<string> {
      const timeout = setTimeout(() => controller.abort(), generousWaitMs);
      try {
        while (!done) await read();
        return text;
      } catch (error) {
        throw new Error(`the stream was still open after ${generousWaitMs} ms (${String(error)})`);
      } finally {
        clearTimeout(timeout);
      }
    },
    close: () => controller.abort(),
  };
}
