import { protocol, type PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { isStalePlan } from './stale-plan.ts';

/** node-postgres's conversion of a parameter to its wire form (exported at runtime as `utils`; @types/pg omits it). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => string | Buffer | null } }).utils;

/** Commands whose completion tag carries a row count Kysely reports as numAffectedRows. */
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * Kysely on the embedded engine, one engine call per statement (docs/performance.md,
 * "The embedded engine's statements"). PGlite's own `query()` enters the engine six
 * times per statement (parse, describe the parameters, bind, describe, execute, sync) so it
 * can serialize each parameter by its type. Here the whole extended-protocol exchange
 * goes in one message, and parameters are written the way node-postgres writes them
 * for the PostgreSQL engine (`prepareValue`): the server infers their types at parse,
 * so one SQL text means the same on both engines. Results are read by the engine's
 * parsers (with the app's: int8 as bigint).
 */
export function pgliteDialect(pglite: PGlite): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new OneTripDriver(pglite),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  };
}

class OneTripConnection implements DatabaseConnection {
  private readonly pglite: PGlite;
  private readonly prepared = new PreparedStatements();

  constructor(pglite: PGlite) {
    this.pglite = pglite;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const values = query.parameters.map((value) => prepareValue(value));
    const { name, parse, close } = this.prepared.take(query);
    const message = concat([
      ...close.map((evicted) => protocol.serialize.close({ type: 'S', name: evicted })),
      ...(parse ? [protocol.serialize.parse({ name, text: query.sql })] : []),
      protocol.serialize.bind({ statement: name, values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    try {
      // Under PGlite's own lock, as its query() is: nothing else may interleave protocol messages.
      const { messages } = await this.pglite.runExclusive(() => this.pglite.execProtocol(message));
      return readResult<R>(messages, this.pglite.parsers);
    } catch (error) {
      // A statement parsed in a failed exchange may or may not exist; one whose tables changed shape since
      // ("cached plan must not change result type") is stale. Both are closed and parsed again next time.
      if (name && (parse || isStalePlan(error))) this.prepared.forget(query.sql);
      throw error;
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

/** One connection, which callers take in turn (the engine runs one statement at a time anyway). */
class OneTripDriver implements Driver {
  private readonly pglite: PGlite;
  private readonly connection: OneTripConnection;
  private held = false;
  private readonly waiting: (() => void)[] = [];

  constructor(pglite: PGlite) {
    this.pglite = pglite;
    this.connection = new OneTripConnection(pglite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.held = true;
    return this.connection;
  }

  releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    // Handed straight to the next caller: `held` stays true, so nobody slips in between.
    if (next) next();
    else this.held = false;
    return Promise.resolve();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const begin = settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin';
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.pglite.close();
  }
}

/** Statements that may change what an already prepared statement answers (its columns). */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/** How many statement texts stay prepared; the least recently used is closed past it. */
const PREPARED_LIMIT = 200;

/**
 * The embedded engine's prepared statements, by SQL text: a statement with parameters
 * (what Kysely builds for the app's queries) is parsed once, and its plan is kept by
 * PostgreSQL's plan cache. Statements without parameters (transaction control,
 * migrations, raw DDL) are parsed every time, unnamed; DDL closes the prepared ones,
 * whose columns may have changed.
 */
class PreparedStatements {
  private readonly names = new Map<string, string>();
  private readonly closing: string[] = [];
  private next = 0;

  /** The statement's name ('' for unnamed), whether it must be parsed now, and the statements to close first. */
  take(query: CompiledQuery): { name: string; parse: boolean; close: string[] } {
    const close = this.closing.splice(0);
    if (query.parameters.length === 0) {
      // A change of a table's shape closes every prepared statement, as a reconnection would on PostgreSQL.
      if (SCHEMA_CHANGE.test(query.sql)) {
        close.push(...this.names.values());
        this.names.clear();
      }
      return { name: '', parse: true, close };
    }
    const known = this.names.get(query.sql);
    if (known) {
      // Most recently used last: a Map keeps insertion order.
      this.names.delete(query.sql);
      this.names.set(query.sql, known);
      return { name: known, parse: false, close };
    }
    const name = `k${++this.next}`;
    this.names.set(query.sql, name);
    if (this.names.size > PREPARED_LIMIT) {
      const [oldest] = this.names;
      if (oldest) {
        this.names.delete(oldest[0]);
        close.push(oldest[1]);
      }
    }
    return { name, parse: true, close };
  }

  /** Closes the statement with the next message (closing one that does not exist is no error). */
  forget(sql: string): void {
    const name = this.names.get(sql);
    if (name === undefined) return;
    this.names.delete(sql);
    this.closing.push(name);
  }
}

type Message = { name: string; fields?: unknown[]; text?: string };
type Parsers = Record<number, (value: string, typeId: number) => unknown>;

/**
 * The statement's rows, each value read by the engine's parser for its type (text when it
 * has none), and the affected row count of a write. PGlite's own `parseResults` copies
 * the whole parser table (300-odd types) on every call: a sixth of a millisecond each.
 */
function readResult<R>(messages: readonly Message[], parsers: Parsers): QueryResult<R> {
  let columns: { name: string; dataTypeID: number }[] = [];
  const rows: Record<string, unknown>[] = [];
  let tag: string | undefined;
  for (const message of messages) {
    if (message.name === 'rowDescription') columns = message.fields as typeof columns;
    else if (message.name === 'dataRow') {
      const row: Record<string, unknown> = {};
      (message.fields as (string | null)[]).forEach((value, i) => {
        const column = columns[i];
        if (!column) return;
        const parser = parsers[column.dataTypeID];
        row[column.name] = value === null || !parser ? value : parser(value, column.dataTypeID);
      });
      rows.push(row);
    } else if (message.name === 'commandComplete') tag = message.text;
  }
  const words = tag?.split(' ') ?? [];
  if (!words[0] || !COUNTED_COMMANDS.has(words[0])) return { rows: rows as R[] };
  // "INSERT <oid> <rows>", "UPDATE <rows>", "DELETE <rows>", "MERGE <rows>".
  return { rows: rows as R[], numAffectedRows: BigInt(words.at(-1) ?? 0) };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
