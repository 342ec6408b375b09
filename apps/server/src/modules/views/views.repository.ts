import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { footprints, viewEvents, viewTotals } from './views.tables.ts';

/**
 * What can be viewed (§7 every `…/views` call). Each type's total lives in one place:
 * - a `views_total`-like column of the item's own table ({@link columnTotals});
 * - `exhibition_view_totals` for the pavilion pages (per category id / area name);
 * - `view_totals` (generic) for the rest: cover shows and cover views, the documents page, content
 *   pages.
 */
export const viewTargetTypes = [
  'meeting',
  'activity',
  'enterprise',
  'enterprise_attachment',
  'exhibitor',
  'exhibitor_attachment',
  'product',
  'attachment',
  'exhibitor_category',
  'exhibition_area',
  'product_category',
  'cover_show',
  'cover_view',
  'meeting_attachments',
  'content',
  'news',
] as const;
export type ViewTargetType = (typeof viewTargetTypes)[number];

/** Types folded into a column of the item's own table: table, column. Identifiers are constants. */
const columnTotals: Partial<Record<ViewTargetType, { table: string; column: string }>> = {
  meeting: { table: 'meetings', column: 'views_total' },
  activity: { table: 'activities', column: 'views_total' },
  enterprise: { table: 'enterprises', column: 'views_total' },
  enterprise_attachment: { table: 'enterprises', column: 'attachment_views_total' },
  exhibitor: { table: 'exhibitors', column: 'views_total' },
  exhibitor_attachment: { table: 'exhibitors', column: 'attachment_views_total' },
  product: { table: 'products', column: 'views_total' },
  attachment: { table: 'meeting_attachments', column: 'views_total' },
  news: { table: 'news', column: 'views_total' },
};

/** Pavilion page types, folded into exhibition_view_totals (kept: the dashboard reads it). */
const pavilionTypes = new Set<ViewTargetType>(['exhibitor_category', 'exhibition_area', 'product_category']);

/**
 * Types whose views are kept as footprints of the viewer: items a visitor opens, not pages (an
 * exhibitor card opens its enterprise, whose view is the footprint).
 */
export const footprintTypes = ['activity', 'enterprise', 'product', 'attachment', 'news'] as const;
export type FootprintType = (typeof footprintTypes)[number];
const footprintTypeSet = new Set<string>(footprintTypes);

/** One counted view as the request stores it. */
export type NewViewEvent = {
  targetType: ViewTargetType;
  targetId: string;
  meetingId?: string | null | undefined;
  userId?: string | null | undefined;
  deviceId?: string | null | undefined;
  sourceId?: string | null | undefined;
  /** Views in this row (1; a device's flushed cover shows, §9, carry more). */
  count?: number;
};

/** Stores one view row: a single insert, no counter touched (the fold job adds it up). */
export async function insertViewEvent(db: Database, event: NewViewEvent): Promise<void> {
  await db.insert(viewEvents).values({
    targetType: event.targetType,
    targetId: event.targetId,
    meetingId: event.meetingId ?? null,
    userId: event.userId ?? null,
    deviceId: event.deviceId ?? null,
    sourceId: event.sourceId ?? null,
    count: event.count ?? 1,
  });
}

/** Stores several view rows in one statement (a flushed batch). */
export async function insertViewEvents(db: Database, events: NewViewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(viewEvents).values(
    events.map((event) => ({
      targetType: event.targetType,
      targetId: event.targetId,
      meetingId: event.meetingId ?? null,
      userId: event.userId ?? null,
      deviceId: event.deviceId ?? null,
      sourceId: event.sourceId ?? null,
      count: event.count ?? 1,
    })),
  );
}

type FoldedRow = {
  target_type: string;
  target_id: string;
  meeting_id: string | null;
  user_id: string | null;
  device_id: string | null;
  source_id: string | null;
  count: number;
  created_at: string | Date;
};

const asJson = (rows: unknown[]): SQL => sql`${JSON.stringify(rows)}::jsonb`;

function isoOf(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The owner key of a footprint: the user, else the device (anonymous), else none. */
export function footprintOwner(userId: string | null | undefined, deviceId: string | null | undefined) {
  if (userId) return `u:${userId}`;
  if (deviceId) return `d:${deviceId}`;
  return null;
}

/**
 * Folds up to `limit` pending view rows in ONE transaction: deletes them (`DELETE … RETURNING`, rows
 * another fold holds are skipped — `FOR UPDATE SKIP LOCKED` — so replicas folding at once take
 * disjoint batches), adds their counts to the totals, writes the per-type view logs the console
 * reads (meeting_views, activity_views, interactions) and upserts the viewers' footprints. A failure
 * rolls everything back and the rows stay pending: each row is counted exactly once.
 * @returns how many rows were folded (0: nothing pending)
 */
export async function foldViewBatch(db: Database, limit: number): Promise<number> {
  return inTransaction(db, async (tx) => {
    const deleted = (await tx.execute(sql`
      delete from view_events where id in (
        select id from view_events order by id limit ${limit} for update skip locked
      )
      returning target_type, target_id, meeting_id, user_id, device_id, source_id, count, created_at`)) as unknown as {
      rows: FoldedRow[];
    };
    const rows = deleted.rows;
    if (rows.length === 0) return 0;

    // Totals per target.
    const totals = new Map<
      string,
      { type: string; id: string; meetingId: string | null; n: number; at: string }
    >();
    // Footprints per owner and target.
    const prints = new Map<
      string,
      { owner: string; type: string; id: string; meetingId: string | null; n: number; at: string }
    >();
    const logs: {
      table: 'meeting' | 'activity' | 'interaction';
      row: FoldedRow;
      kind: string;
      type: string;
    }[] = [];
    for (const row of rows) {
      const at = isoOf(row.created_at);
      const key = `${row.target_type}\u0000${row.target_id}`;
      const total = totals.get(key);
      if (total) {
        total.n += row.count;
        if (at > total.at) total.at = at;
        total.meetingId ??= row.meeting_id;
      } else {
        totals.set(key, {
          type: row.target_type,
          id: row.target_id,
          meetingId: row.meeting_id,
          n: row.count,
          at,
        });
      }
      const owner = footprintOwner(row.user_id, row.device_id);
      if (owner && footprintTypeSet.has(row.target_type)) {
        const printKey = `${owner}\u0000${key}`;
        const print = prints.get(printKey);
        if (print) {
          print.n += row.count;
          if (at > print.at) print.at = at;
        } else {
          prints.set(printKey, {
            owner,
            type: row.target_type,
            id: row.target_id,
            meetingId: row.meeting_id,
            n: row.count,
            at,
          });
        }
      }
      if (row.count === 1) {
        if (row.target_type === 'meeting') logs.push({ table: 'meeting', row, kind: 'view', type: '' });
        else if (row.target_type === 'activity')
          logs.push({ table: 'activity', row, kind: 'view', type: '' });
        else if (['enterprise', 'exhibitor', 'product'].includes(row.target_type)) {
          logs.push({ table: 'interaction', row, kind: 'view', type: row.target_type });
        } else if (
          row.target_type === 'enterprise_attachment' ||
          row.target_type === 'exhibitor_attachment'
        ) {
          logs.push({
            table: 'interaction',
            row,
            kind: 'attachment_view',
            type: row.target_type.replace('_attachment', ''),
          });
        } else if (pavilionTypes.has(row.target_type as ViewTargetType)) {
          logs.push({ table: 'interaction', row, kind: 'view', type: row.target_type });
        }
      }
    }

    const byColumn = new Map<string, { id: string; n: number }[]>();
    const pavilion: { meeting_id: string; kind: string; target: string; n: number }[] = [];
    const generic: { type: string; id: string; meeting_id: string | null; n: number; at: string }[] = [];
    for (const total of totals.values()) {
      const target = columnTotals[total.type as ViewTargetType];
      if (target) {
        const key = `${target.table}.${target.column}`;
        const list = byColumn.get(key) ?? [];
        list.push({ id: total.id, n: total.n });
        byColumn.set(key, list);
      } else if (pavilionTypes.has(total.type as ViewTargetType)) {
        if (total.meetingId) {
          pavilion.push({ meeting_id: total.meetingId, kind: total.type, target: total.id, n: total.n });
        }
      } else {
        generic.push({
          type: total.type,
          id: total.id,
          meeting_id: total.meetingId,
          n: total.n,
          at: total.at,
        });
      }
    }
    for (const [key, list] of byColumn) {
      const [table, column] = key.split('.') as [string, string];
      // Sorted ids: concurrent folds lock the rows in one order.
      list.sort((a, b) => (a.id < b.id ? -1 : 1));
      await tx.execute(sql`
        update ${sql.identifier(table)} as t set ${sql.identifier(column)} = t.${sql.identifier(column)} + v.n
        from jsonb_to_recordset(${asJson(list)}) as v(id text, n bigint)
        where t.id = v.id`);
    }
    if (pavilion.length > 0) {
      await tx.execute(sql`
        insert into exhibition_view_totals (meeting_id, kind, target, views_total)
        select v.meeting_id, v.kind, v.target, v.n
        from jsonb_to_recordset(${asJson(pavilion)}) as v(meeting_id text, kind text, target text, n int)
        where exists (select 1 from meetings m where m.id = v.meeting_id)
        on conflict (meeting_id, kind, target)
        do update set views_total = exhibition_view_totals.views_total + excluded.views_total`);
    }
    if (generic.length > 0) {
      await tx.execute(sql`
        insert into view_totals (target_type, target_id, meeting_id, views_total, last_viewed_at)
        select v.type, v.id, v.meeting_id, v.n, v.at
        from jsonb_to_recordset(${asJson(generic)}) as v(type text, id text, meeting_id text, n bigint, at timestamptz)
        on conflict (target_type, target_id) do update set
          views_total = view_totals.views_total + excluded.views_total,
          meeting_id = coalesce(view_totals.meeting_id, excluded.meeting_id),
          last_viewed_at = greatest(view_totals.last_viewed_at, excluded.last_viewed_at)`);
    }
    if (prints.size > 0) {
      const list = [...prints.values()].map((p) => ({
        owner: p.owner,
        type: p.type,
        id: p.id,
        meeting_id: p.meetingId,
        n: p.n,
        at: p.at,
      }));
      await tx.execute(sql`
        insert into footprints (owner, target_type, target_id, meeting_id, views_total, last_viewed_at)
        select v.owner, v.type, v.id, v.meeting_id, v.n, v.at
        from jsonb_to_recordset(${asJson(list)}) as v(owner text, type text, id text, meeting_id text, n int, at timestamptz)
        on conflict (owner, target_type, target_id) do update set
          views_total = footprints.views_total + excluded.views_total,
          meeting_id = coalesce(excluded.meeting_id, footprints.meeting_id),
          last_viewed_at = greatest(footprints.last_viewed_at, excluded.last_viewed_at)`);
    }
    const logRow = (entry: (typeof logs)[number]) => ({
      id: entry.row.target_id,
      kind: entry.kind,
      type: entry.type,
      meeting_id: entry.row.meeting_id,
      user_id: entry.row.user_id,
      device_id: entry.row.device_id,
      source_id: entry.row.source_id,
      at: isoOf(entry.row.created_at),
    });
    const meetingLogs = logs.filter((entry) => entry.table === 'meeting').map(logRow);
    const activityLogs = logs.filter((entry) => entry.table === 'activity').map(logRow);
    const interactionLogs = logs.filter((entry) => entry.table === 'interaction').map(logRow);
    const recordset = sql`(id text, kind text, type text, meeting_id text, user_id text, device_id text, source_id text, at timestamptz)`;
    if (meetingLogs.length > 0) {
      await tx.execute(sql`
        insert into meeting_views (meeting_id, user_id, device_id, source_id, created_at)
        select v.id, v.user_id, v.device_id, v.source_id, v.at
        from jsonb_to_recordset(${asJson(meetingLogs)}) as v${recordset}
        where exists (select 1 from meetings m where m.id = v.id)`);
    }
    if (activityLogs.length > 0) {
      await tx.execute(sql`
        insert into activity_views (activity_id, user_id, device_id, source_id, created_at)
        select v.id, v.user_id, v.device_id, v.source_id, v.at
        from jsonb_to_recordset(${asJson(activityLogs)}) as v${recordset}
        where exists (select 1 from activities a where a.id = v.id)`);
    }
    if (interactionLogs.length > 0) {
      await tx.execute(sql`
        insert into interactions (kind, target_type, target_id, meeting_id, user_id, device_id, source_id, created_at)
        select v.kind, v.type, v.id, v.meeting_id, v.user_id, v.device_id, v.source_id, v.at
        from jsonb_to_recordset(${asJson(interactionLogs)}) as v${recordset}`);
    }
    return rows.length;
  });
}

/** Pending (not folded) views of one target: added to a folded total to answer a close estimate. */
export async function countPendingViews(
  db: Database,
  type: ViewTargetType,
  targetId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${viewEvents.count}), 0)::int` })
    .from(viewEvents)
    .where(and(eq(viewEvents.targetType, type), eq(viewEvents.targetId, targetId)));
  return Number(row?.n ?? 0);
}

/** How many view rows wait for the fold. */
export async function countPendingRows(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(viewEvents);
  return Number(row?.n ?? 0);
}

/** The folded generic total of one target (0 when never viewed). */
export async function findGenericTotal(
  db: Database,
  type: ViewTargetType,
  targetId: string,
): Promise<number> {
  const [row] = await db
    .select({ total: viewTotals.viewsTotal })
    .from(viewTotals)
    .where(and(eq(viewTotals.targetType, type), eq(viewTotals.targetId, targetId)));
  return Number(row?.total ?? 0);
}

/** Generic totals of a meeting, per type, largest first (console analytics). */
export async function listGenericTotals(
  db: Database,
  meetingId: string,
  types: ViewTargetType[],
  limit: number,
): Promise<{ targetType: string; targetId: string; viewsTotal: number }[]> {
  if (types.length === 0) return [];
  const rows = await db
    .select({
      targetType: viewTotals.targetType,
      targetId: viewTotals.targetId,
      viewsTotal: viewTotals.viewsTotal,
    })
    .from(viewTotals)
    .where(and(eq(viewTotals.meetingId, meetingId), inArray(viewTotals.targetType, types)))
    .orderBy(desc(viewTotals.viewsTotal))
    .limit(limit);
  return rows.map((row) => ({ ...row, viewsTotal: Number(row.viewsTotal) }));
}

export type FootprintRow = typeof footprints.$inferSelect;

/** An owner's footprints, newest first, optionally of one meeting. */
export async function listFootprints(
  db: Database,
  input: { owner: string; meetingId?: string | undefined; limit: number; skip: number },
): Promise<FootprintRow[]> {
  return db
    .select()
    .from(footprints)
    .where(
      and(
        eq(footprints.owner, input.owner),
        input.meetingId ? eq(footprints.meetingId, input.meetingId) : undefined,
      ),
    )
    .orderBy(desc(footprints.lastViewedAt), desc(footprints.id))
    .limit(input.limit)
    .offset(input.skip);
}

/** Deletes one footprint if it is the owner's. @returns whether a row was deleted */
export async function deleteFootprint(db: Database, input: { owner: string; id: number }): Promise<boolean> {
  const deleted = await db
    .delete(footprints)
    .where(and(eq(footprints.id, input.id), eq(footprints.owner, input.owner)))
    .returning({ id: footprints.id });
  return deleted.length > 0;
}

/** Deletes an owner's footprints (of one meeting when given). @returns how many */
export async function clearFootprints(
  db: Database,
  input: { owner: string; meetingId?: string | undefined },
): Promise<number> {
  const deleted = await db
    .delete(footprints)
    .where(
      and(
        eq(footprints.owner, input.owner),
        input.meetingId ? eq(footprints.meetingId, input.meetingId) : undefined,
      ),
    )
    .returning({ id: footprints.id });
  return deleted.length;
}

/** What a footprint shows of its item now. */
export type FootprintItem = {
  title: string | Record<string, string>;
  image: string;
  mime: string;
  deleted: boolean;
};

type ItemRow = {
  id: string;
  title: string | Record<string, string>;
  image: string | null;
  mime: string | null;
  deleted: number;
};

/** Per footprint type: the item's title, picture, MIME type and deleted flag (constant SQL). */
const footprintItemQueries: Partial<Record<string, (ids: string[]) => SQL>> = {
  activity: (ids) => sql`select id, title, covers->>0 as image, null as mime, deleted from activities
    where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  enterprise: (ids) => sql`select id, title, logo as image, null as mime, deleted from enterprises
    where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  exhibitor: (
    ids,
  ) => sql`select x.id, e.title, e.logo as image, null as mime, greatest(x.deleted, e.deleted) as deleted
    from exhibitors x join enterprises e on e.id = x.enterprise_id
    where x.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  product: (ids) => sql`select id, title, images->>0 as image, null as mime, deleted from products
    where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  attachment: (ids) => sql`select id, title, null as image, mime, deleted from meeting_attachments
    where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  // An unpublished item reads as deleted: its page opens /204 (§2).
  news: (ids) => sql`select id, title, cover as image, null as mime,
    case when status = 'published' then deleted else 1 end as deleted from news
    where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
};

/**
 * The items behind footprints, keyed `<type>:<id>`: one query per type present. A footprint whose
 * item is gone shows as deleted.
 */
export async function findFootprintItems(
  db: Database,
  rows: FootprintRow[],
): Promise<Map<string, FootprintItem>> {
  const byType = new Map<string, string[]>();
  for (const row of rows) byType.set(row.targetType, [...(byType.get(row.targetType) ?? []), row.targetId]);
  const items = new Map<string, FootprintItem>();
  for (const [type, ids] of byType) {
    const query = footprintItemQueries[type];
    if (!query) continue;
    const result = (await db.execute(query(ids))) as unknown as { rows: ItemRow[] };
    for (const item of result.rows) {
      items.set(`${type}:${item.id}`, {
        title: item.title,
        image: item.image ?? '',
        mime: item.mime ?? '',
        deleted: Number(item.deleted) === 1,
      });
    }
  }
  return items;
}

/** One counted item of the console's analytics. */
export type AnalyticsRow = { id: string; title: string | Record<string, string>; views_total: number };

/** Per analytics type: the meeting's counted items with title and total (constant SQL). */
const analyticsQueries: Record<string, (meetingId: string) => SQL> = {
  meeting: (m) => sql`select id, title, views_total from meetings where id = ${m}`,
  activity: (m) =>
    sql`select id, title, views_total from activities where meeting_id = ${m} and views_total > 0`,
  exhibitor: (
    m,
  ) => sql`select x.id, e.title, x.views_total from exhibitors x join enterprises e on e.id = x.enterprise_id
    where x.meeting_id = ${m} and x.views_total > 0`,
  enterprise: (m) => sql`select e.id, e.title, e.views_total from enterprises e
    where e.views_total > 0 and exists (select 1 from exhibitors x where x.enterprise_id = e.id and x.meeting_id = ${m})`,
  product: (
    m,
  ) => sql`select p.id, p.title, p.views_total from products p where p.views_total > 0 and (p.meeting_id = ${m}
    or exists (select 1 from exhibitors x where x.enterprise_id = p.enterprise_id and x.meeting_id = ${m}))`,
  attachment: (m) =>
    sql`select id, title, views_total from meeting_attachments where meeting_id = ${m} and views_total > 0`,
  news: (m) => sql`select id, title, views_total from news where meeting_id = ${m} and views_total > 0`,
  exhibitor_category: (m) => sql`select t.target as id, coalesce(c.title, '""'::jsonb) as title, t.views_total
    from exhibition_view_totals t left join categories c on c.id = t.target
    where t.meeting_id = ${m} and t.kind = 'exhibitor_category'`,
  product_category: (m) => sql`select t.target as id, coalesce(c.title, '""'::jsonb) as title, t.views_total
    from exhibition_view_totals t left join categories c on c.id = t.target
    where t.meeting_id = ${m} and t.kind = 'product_category'`,
  exhibition_area: (m) => sql`select t.target as id, to_jsonb(t.target) as title, t.views_total
    from exhibition_view_totals t where t.meeting_id = ${m} and t.kind = 'exhibition_area'`,
};

/**
 * A meeting's folded totals of one type: the sum and the `limit` most viewed items. Types without a
 * query of their own are read from view_totals.
 */
export async function findAnalytics(
  db: Database,
  input: { meetingId: string; type: string; limit: number },
): Promise<{ total: number; top: AnalyticsRow[] }> {
  const query =
    analyticsQueries[input.type]?.(input.meetingId) ??
    sql`select target_id as id, '""'::jsonb as title, views_total from view_totals
      where meeting_id = ${input.meetingId} and target_type = ${input.type}`;
  const result = (await db.execute(sql`
    with items as (${query})
    select id, title, views_total::bigint as views_total, sum(views_total) over () as total
    from items order by views_total desc, id limit ${input.limit}`)) as unknown as {
    rows: {
      id: string;
      title: string | Record<string, string>;
      views_total: string | number;
      total: string | number;
    }[];
  };
  const rows = result.rows;
  return {
    total: Number(rows[0]?.total ?? 0),
    top: rows.map((row) => ({ id: row.id, title: row.title, views_total: Number(row.views_total) })),
  };
}

/** Whether any view row waits for the fold (one index probe). */
export async function hasPendingViews(db: Database): Promise<boolean> {
  const rows = await db.select({ id: viewEvents.id }).from(viewEvents).limit(1);
  return rows.length > 0;
}
