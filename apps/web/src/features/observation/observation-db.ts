import { database } from '../capture/capture-db';
import type { QueuedObservation } from './observation-types';

/** The durable half of the observation queue: the capture queue's database, store `observations`. */

export async function queuedObservationsOf(userId: string): Promise<QueuedObservation[]> {
  const db = await database();
  const items = await db.getAllFromIndex('observations', 'byUser', userId);
  return items.sort((a, b) => a.queuedAt - b.queuedAt);
}

/** Written before anything is sent: a reload, a closed tab or a phone asleep loses nothing. */
export async function saveQueuedObservation(item: QueuedObservation): Promise<void> {
  await (await database()).put('observations', item);
}

export async function deleteQueuedObservation(key: string): Promise<void> {
  await (await database()).delete('observations', key);
}
