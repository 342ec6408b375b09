import type { Condition, ListQuery, SortTerm } from '@app/contracts';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, notInArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Maps a validated list query (contracts `parseListQuery`) onto a table's columns. Each resource's
 * repository passes the column of every allow-listed field; a field without a column is skipped so
 * repositories can handle special fields (like a join) themselves.
 */
export type ColumnMap<F extends string> = Partial<Record<F, PgColumn>>;

function toColumnValue(column: PgColumn, value: string | number): unknown {
  // time fields arrive as epoch milliseconds; timestamp columns want Dates.
  return column.columnType === 'PgTimestamp' && typeof value === 'number' ? new Date(value) : value;
}

/** One SQL condition for one parsed query condition. */
export function conditionSql<F extends string>(column: PgColumn, condition: Condition<F>): SQL {
  const { op, value } = condition;
  if (Array.isArray(value)) {
    const list = (value as (string | number)[]).map((item) => toColumnValue(column, item));
    return op === '$nin' ? notInArray(column, list) : inArray(column, list);
  }
  const v = toColumnValue(column, value);
  switch (op) {
    case '$ne':
      return ne(column, v);
    case '$gt':
      return gt(column, v);
    case '$gte':
      return gte(column, v);
    case '$lt':
      return lt(column, v);
    case '$lte':
      return lte(column, v);
    default:
      return eq(column, v);
  }
}

/** AND of the conditions whose field has a column in `columns`, plus `extra` conditions. */
export function whereSql<F extends string>(
  query: Pick<ListQuery<F>, 'conditions'>,
  columns: ColumnMap<F>,
  extra: (SQL | undefined)[] = [],
): SQL | undefined {
  const parts = query.conditions.flatMap((condition) => {
    const column = columns[condition.field];
    return column ? [conditionSql(column, condition)] : [];
  });
  return and(...parts, ...extra);
}

/** ORDER BY terms for the sort fields that have a column, then `tieBreaker` for a stable order. */
export function orderSql<F extends string>(
  sort: SortTerm<F>[],
  columns: ColumnMap<F>,
  tieBreaker: PgColumn,
): SQL[] {
  const terms = sort.flatMap(({ field, direction }) => {
    const column = columns[field];
    return column ? [direction === 1 ? asc(column) : desc(column)] : [];
  });
  return [...terms, asc(tieBreaker)];
}

/** True when the query filters by `_id` (then soft-deleted rows are returned too, §2 /204 rule). */
export function filtersById(query: Pick<ListQuery, 'conditions'>): boolean {
  return query.conditions.some((condition) => condition.field === '_id');
}
