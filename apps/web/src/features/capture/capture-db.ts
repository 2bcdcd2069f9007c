import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { UploadParts } from '../evidence/evidence-outputs';
import type { QueuedObservation } from '../observation/observation-types';

/**
 * The capture queue's durable half (issue 18): every chosen or captured file is written here, after
 * compression and before any byte goes to the server, so a reload, a closed tab, a browser restart or
 * a phone asleep in a basement loses nothing. An item leaves only once the server recorded it, or
 * when the student removes it.
 */

/** What `student.evidence.requestUploadUrl` answered for this item; kept so a resumed send continues the same object. */
export type QueuedGrant = {
  uploadUrl: string;
  objectPath: string;
  headers: Record<string, string>;
  parts: UploadParts | null;
  expiresAt: string;
};

export type QueuedCapture = {
  /** The idempotency key, made on the device at capture; the server answers a retry with the first result. */
  key: string;
  /** Whose file it is: only sent while this person is signed in. */
  userId: string;
  taskId: string;
  blob: Blob;
  fileName: string;
  fileType: string;
  /** ISO time the student captured or chose it: what the assessor sees as 'Captured'. */
  capturedAt: string;
  /** Order of sending: first captured, first sent. */
  queuedAt: number;
  grant?: QueuedGrant;
  /** Bytes went to `grant` before: a parted upload asks what arrived instead of starting over. */
  sentBefore: boolean;
  /** Every byte reached storage; only recording is left. */
  uploaded: boolean;
  /** The server refused it for good (type, size, task closed): kept until the student dismisses it. */
  refusal?: string;
  /** The student cancelled the send: it waits for 'Retry upload' rather than going by itself. */
  held?: boolean;
  /**
   * The authenticity declaration the student confirmed before choosing this file (issue 29): the
   * version they read and when, sent with the file however much later signal returns. Absent: the
   * wording could not be loaded, and the file arrives 'Not declared' for the student to declare.
   */
  declaration?: QueuedDeclaration;
};

export type QueuedDeclaration = { version: number; declaredAt: string };

/** The bytes live in a store of their own: progress updates rewrite the small record, never the file. */
type StoredCapture = Omit<QueuedCapture, 'blob'>;

type CaptureSchema = DBSchema & {
  items: { key: string; value: StoredCapture; indexes: { byUser: string } };
  blobs: { key: string; value: Blob };
  /** Assessors' observation checklists signed without signal (issue 29 §5): version 2. */
  observations: { key: string; value: QueuedObservation; indexes: { byUser: string } };
};

let opening: Promise<IDBPDatabase<CaptureSchema>> | undefined;

/** The queue's database, shared by files and observation checklists (observation-db.ts). */
export function database(): Promise<IDBPDatabase<CaptureSchema>> {
  opening ??= openDB<CaptureSchema>('evident-capture', 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const items = db.createObjectStore('items', { keyPath: 'key' });
        items.createIndex('byUser', 'userId');
        db.createObjectStore('blobs');
      }
      if (oldVersion < 2) {
        const observations = db.createObjectStore('observations', { keyPath: 'key' });
        observations.createIndex('byUser', 'userId');
      }
    },
  });
  return opening;
}

export async function queuedCapturesOf(userId: string): Promise<QueuedCapture[]> {
  const db = await database();
  const items = await db.getAllFromIndex('items', 'byUser', userId);
  const found: QueuedCapture[] = [];
  for (const item of items) {
    const blob = await db.get('blobs', item.key);
    if (blob) found.push({ ...item, blob });
  }
  return found.sort((a, b) => a.queuedAt - b.queuedAt);
}

/** Adds a new item with its file, both or neither; a full disk surfaces as `CaptureStorageFullError`. */
export async function addQueuedCapture(item: QueuedCapture): Promise<void> {
  const { blob, ...record } = item;
  try {
    const tx = (await database()).transaction(['items', 'blobs'], 'readwrite');
    await Promise.all([
      tx.objectStore('blobs').put(blob, item.key),
      tx.objectStore('items').put(record),
      tx.done,
    ]);
  } catch (error) {
    throw storageError(error);
  }
}

/** Rewrites an item's progress (its grant, what was sent); the file itself is not written again. */
export async function saveQueuedCapture(item: QueuedCapture): Promise<void> {
  const { blob: _bytes, ...record } = item;
  try {
    await (await database()).put('items', record);
  } catch (error) {
    throw storageError(error);
  }
}

function storageError(error: unknown): unknown {
  const full = error instanceof DOMException && error.name === 'QuotaExceededError';
  return full ? new CaptureStorageFullError() : error;
}

export async function deleteQueuedCapture(key: string): Promise<void> {
  const tx = (await database()).transaction(['items', 'blobs'], 'readwrite');
  await Promise.all([tx.objectStore('items').delete(key), tx.objectStore('blobs').delete(key), tx.done]);
}

export class CaptureStorageFullError extends Error {
  constructor() {
    super('There is not enough space on this device to keep this file.');
    this.name = 'CaptureStorageFullError';
  }
}

/**
 * Refuses a file before it is queued when the browser says it would not fit, so nothing already
 * queued is ever pushed out; IndexedDB keeps a blob with some overhead, hence the margin.
 */
export async function assertRoomFor(bytes: number): Promise<void> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (!estimate?.quota || estimate.usage === undefined) return;
  if (estimate.quota - estimate.usage < bytes * 1.2 + 1024 * 1024) throw new CaptureStorageFullError();
}

let persistAsked = false;

/** Asks once that the browser never evicts the queue under storage pressure (granted silently or not). */
export function askForPersistentStorage(): void {
  if (persistAsked) return;
  persistAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}
