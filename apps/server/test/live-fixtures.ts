import type { DomainEvent } from '@evident/core/events';
import { pdf } from './evidence-fixtures';
import type { TestEnv } from './harness';

type Caller = Awaited<ReturnType<ReturnType<TestEnv['browser']>['caller']>>;

/** Every event a bus delivers from now on, in order. */
export function recordEvents(bus: TestEnv['services']['events']) {
  const events: DomainEvent[] = [];
  const stop = bus.subscribe((event) => events.push(event));
  return { events, stop, types: () => events.map((event) => event.type) };
}

/** A small PDF recorded as evidence for a task: upload-url, the object in storage, then recordEvidence. */
export async function recordPdf(env: TestEnv, caller: Caller, taskId: string) {
  const grant = await caller.student.evidence.requestUploadUrl({
    fileName: 'Checklist.pdf',
    fileType: 'application/pdf',
  });
  await env.services.storage.put(grant.objectPath, pdf(), 'application/pdf');
  return caller.student.evidence.record({
    taskId,
    fileName: 'Checklist.pdf',
    fileType: 'application/pdf',
    objectPath: grant.objectPath,
  });
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
