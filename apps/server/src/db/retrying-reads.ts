import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';
import { isConnectionLoss } from './connection-loss.ts';
import { isStalePlan } from './stale-plan.ts';

/**
 * A dialect whose plain reads survive one lost connection: a SELECT built with
 * Kysely, outside any transaction, that fails because its connection dropped
 * (an idle pooled connection the server had closed, a restart) runs once more
 * on a fresh connection. A read changes nothing, so running it twice is safe;
 * writes and anything inside a transaction are never repeated here (their
 * callers decide: see ledger/money-transaction.ts and docs/faults.md). Any
 * statement outside a transaction refused for a stale prepared plan runs once
 * more too: it did not run the first time.
 */
export function withRetriedReads(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: () => new ReadRetryingDriver(inner.createDriver()),
  };
}

class RetryingConnection implements DatabaseConnection {
  inTransaction = false;
  readonly inner: DatabaseConnection;
  private readonly driver: Driver;
  constructor(inner: DatabaseConnection, driver: Driver) {
    this.inner = inner;
    this.driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (error) {
      // A prepared statement whose table changed did not run: it runs again, prepared afresh (prepared-pool.ts).
      if (!this.inTransaction && isStalePlan(error)) return this.inner.executeQuery<R>(query);
      if (this.inTransaction || query.query.kind !== 'SelectQueryNode' || !isConnectionLoss(error)) throw error;
      const fresh = await this.driver.acquireConnection();
      try {
        return await fresh.executeQuery<R>(query);
      } finally {
        await this.driver.releaseConnection(fresh);
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class ReadRetryingDriver implements Driver {
  private readonly inner: Driver;
  constructor(inner: Driver) {
    this.inner = inner;
  }

  init(): Promise<void> {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RetryingConnection(await this.inner.acquireConnection(), this.inner);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as RetryingConnection;
    c.inTransaction = true;
    await this.inner.beginTransaction(c.inner, settings);
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as RetryingConnection;
    try {
      await this.inner.commitTransaction(c.inner);
    } finally {
      c.inTransaction = false;
    }
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as RetryingConnection;
    try {
      await this.inner.rollbackTransaction(c.inner);
    } finally {
      c.inTransaction = false;
    }
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint?.((connection as RetryingConnection).inner, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.((connection as RetryingConnection).inner, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.((connection as RetryingConnection).inner, name, compile);
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as RetryingConnection).inner);
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
