import { sql, type SelectQueryBuilder } from 'kysely';

export type PageWithTotal<Row> = { rows: Row[]; total: number };

/**
 * One page of a back-office list and how many rows match in all: the same
 * filter twice, once with the page's columns, order, limit and offset, once
 * counted. Lists pass the filter as a function so each query starts fresh.
 */
export async function pageWithTotal<D, TB extends keyof D, D2, TB2 extends keyof D2, Row>(
  filtered: () => SelectQueryBuilder<D, TB, object>,
  select: (query: SelectQueryBuilder<D, TB, object>) => SelectQueryBuilder<D2, TB2, Row>,
  page: { limit: number; offset: number },
): Promise<PageWithTotal<Row>> {
  const rows = await select(filtered()).limit(page.limit).offset(page.offset).execute();
  // The builder is generic over the table, so Kysely cannot infer the count's row: it is `{ n }`.
  const [count] = await filtered()
    .select(sql<string>`count(*)`.as('n'))
    .$castTo<{ n: string }>()
    .execute();
  return { rows, total: Number(count?.n ?? 0) };
}
