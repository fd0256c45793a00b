import type { CompiledQuery, DatabaseConnection, Dialect, Driver, KyselyPlugin, QueryResult, TransactionSettings } from 'kysely';

/** What the dialect waits on: the durable filesystem's WAL flushes (durable-node-fs.ts). */
export type Flusher = { flushed(): Promise<void> };

/**
 * Group commit for the embedded engine (docs/faults.md, "Durable commits").
 * A commit's WAL flush is only noted by the filesystem; no answer leaves the
 * database layer before the flushes noted up to then are on disk:
 *   - a statement on its own (its own transaction): its result waits in
 *     `groupCommitPlugin`, AFTER the one connection is released, so the
 *     engine runs the next callers' statements while the flush is under way
 *     and one flush serves all of them;
 *   - an explicit transaction: COMMIT waits for the flush (holding the
 *     connection, as before). Statements inside it do not wait: nothing of
 *     theirs is answered to anyone before that COMMIT.
 * A read waits too when it ran after a commit still being flushed, so nothing
 * the server answers can show a commit a crash would undo.
 */
export function withGroupCommit(inner: Dialect, flusher: Flusher): { dialect: Dialect; plugin: KyselyPlugin } {
  const mustWait = new WeakSet<object>();
  const dialect: Dialect = {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => groupCommitDriver(inner.createDriver(), flusher, mustWait),
  };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    async transformResult(args) {
      if (mustWait.has(args.result)) await flusher.flushed();
      return args.result;
    },
  };
  return { dialect, plugin };
}

type Tracked = DatabaseConnection & { inner: DatabaseConnection; inTransaction: boolean };

function groupCommitDriver(driver: Driver, flusher: Flusher, mustWait: WeakSet<object>): Driver {
  const tracked = new WeakMap<DatabaseConnection, Tracked>();
  const wrap = (inner: DatabaseConnection): Tracked => {
    const known = tracked.get(inner);
    if (known) return known;
    const connection: Tracked = {
      inner,
      inTransaction: false,
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const result = await inner.executeQuery<R>(query);
        if (!connection.inTransaction) mustWait.add(result);
        return result;
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize: number) => inner.streamQuery<R>(query, chunkSize),
    };
    tracked.set(inner, connection);
    return connection;
  };
  const innerOf = (connection: DatabaseConnection) => (connection as Tracked).inner;
  return {
    init: () => driver.init(),
    acquireConnection: async () => wrap(await driver.acquireConnection()),
    releaseConnection: (connection) => driver.releaseConnection(innerOf(connection)),
    async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
      await driver.beginTransaction(innerOf(connection), settings);
      (connection as Tracked).inTransaction = true;
    },
    async commitTransaction(connection) {
      (connection as Tracked).inTransaction = false;
      await driver.commitTransaction(innerOf(connection));
      await flusher.flushed();
    },
    async rollbackTransaction(connection) {
      (connection as Tracked).inTransaction = false;
      await driver.rollbackTransaction(innerOf(connection));
    },
    destroy: () => driver.destroy(),
  };
}
