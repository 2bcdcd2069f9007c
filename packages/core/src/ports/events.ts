import type { DomainEvent } from '../events';

/**
 * Fan-out of domain events: in process on the embedded default, PostgreSQL LISTEN/NOTIFY across
 * instances. `publish` is called after the transaction commits and never fails the caller's work:
 * an adapter logs what it could not deliver.
 */
export type EventBus = {
  publish(event: DomainEvent): Promise<void>;
  /** Every event from now on, from this instance and (where the adapter reaches them) the others. */
  subscribe(listener: (event: DomainEvent) => void): () => void;
  /**
   * Called when events may have been missed (the PostgreSQL listener lost its connection and
   * listens again): whoever shows events must refetch everything. Adapters that cannot miss any omit it.
   */
  onResync?(listener: () => void): () => void;
};
