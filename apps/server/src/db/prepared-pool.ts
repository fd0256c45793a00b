import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isStalePlan } from './stale-plan.ts';

/**
 * How many statement texts one connection keeps prepared. The texts a site
 * runs all the time (a transfer's seven, a session read) are among the first
 * each connection meets; `in (...)` lists of every length make the set of texts
 * open-ended, so past the limit a text simply runs unnamed. PostgreSQL keeps a
 * parsed and planned copy of each per connection: a few KB to tens of KB.
 */
export const PREPARED_PER_CONNECTION = 150;

/**
 * A node-postgres pool for Kysely whose clients run each parameterised statement
 * as a named prepared statement, parsed and planned once per connection instead
 * of at every run (docs/performance.md, "Prepared statements on PostgreSQL"). Statements
 * without parameters (`begin`, `commit`, migrations) stay unnamed. A prepared
 * statement whose table changed under it (a migration by another node) fails
 * once with SQLSTATE 0A000 and is prepared afresh next time (stale-plan.ts).
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  let nextName = 0;
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const names = new Map<string, string>();
    const nameOf = (text: string): string | undefined => {
      const known = names.get(text);
      if (known !== undefined || names.size >= PREPARED_PER_CONNECTION) return known;
      // Names are never reused, so a forgotten one can never meet a different text.
      const name = `k${(nextName += 1).toString(36)}`;
      names.set(text, name);
      return name;
    };
    return {
      get processID() {
        return (client as unknown as { processID?: number }).processID;
      },
      async query(text: string, values?: readonly unknown[]) {
        const name = values && values.length > 0 ? nameOf(text) : undefined;
        if (name === undefined) return client.query(text, values as unknown[]);
        try {
          return await client.query({ name, text, values: values as unknown[] });
        } catch (error) {
          if (mayHaveLostStatement(error)) names.delete(text);
          throw error;
        }
      },
      release: (destroy?: boolean) => client.release(destroy),
    } as unknown as PostgresPoolClient;
  };
  return {
    async connect() {
      const client = await pool.connect();
      let found = wrapped.get(client);
      if (!found) wrapped.set(client, (found = wrap(client)));
      return found;
    },
    end: () => pool.end(),
    options: pool.options,
    Client: (pool as unknown as { Client: PostgresPool['Client'] }).Client,
  };
}

/**
 * After these the name is not used again (the next run prepares the text under
 * a new one): a stale plan; a statement the server no longer has (26000); and
 * an error raised in the client, since node-postgres then closes the named
 * statement on the server while still counting it as prepared.
 */
function mayHaveLostStatement(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return isStalePlan(error) || code === '26000' || typeof code !== 'string';
}
