/**
 * A database plugin for ltijs (its `database.plugin` option, the contract ltijs-sequelize fills)
 * that keeps everything in memory: ltijs otherwise needs MongoDB. It stores what ltijs stores and
 * answers ltijs's exact-match queries; the certified code paths (login, launch validation, keys,
 * client-credentials tokens, grades, roster) are ltijs's own.
 */
type Row = { fields: Record<string, unknown>; item: Record<string, unknown>; createdAt: number };

const matches = (row: Row, query: Record<string, unknown> = {}) =>
  Object.entries(query).every(([key, value]) => JSON.stringify(row.fields[key]) === JSON.stringify(value));

export function ltijsMemoryPlugin() {
  const collections = new Map<string, Row[]>();
  const rows = (collection: string) => {
    let list = collections.get(collection);
    if (!list) {
      list = [];
      collections.set(collection, list);
    }
    return list;
  };
  const insert = (collection: string, item: Record<string, unknown>, index?: Record<string, unknown>) => {
    rows(collection).push({ fields: { ...item, ...index }, item: { ...item }, createdAt: Date.now() });
  };
  return {
    async setup() {
      return true;
    },
    async Close() {
      return true;
    },
    async Get(_key: unknown, collection: string, query?: Record<string, unknown>) {
      const found = rows(collection).filter((row) => matches(row, query));
      return found.length === 0 ? false : found.map((row) => ({ ...row.item, createdAt: row.createdAt }));
    },
    async Insert(
      _key: unknown,
      collection: string,
      item: Record<string, unknown>,
      index?: Record<string, unknown>,
    ) {
      insert(collection, item, index);
      return true;
    },
    async Replace(
      _key: unknown,
      collection: string,
      query: Record<string, unknown>,
      item: Record<string, unknown>,
      index?: Record<string, unknown>,
    ) {
      collections.set(
        collection,
        rows(collection).filter((row) => !matches(row, query)),
      );
      insert(collection, item, index);
      return true;
    },
    async Modify(
      _key: unknown,
      collection: string,
      query: Record<string, unknown>,
      change: Record<string, unknown>,
    ) {
      for (const row of rows(collection).filter((r) => matches(r, query))) {
        Object.assign(row.item, change);
        Object.assign(row.fields, change);
      }
      return true;
    },
    async Delete(collection: string, query: Record<string, unknown>) {
      collections.set(
        collection,
        rows(collection).filter((row) => !matches(row, query)),
      );
      return true;
    },
  };
}
