import type {
  ConsoleCoupon,
  ConsoleCouponValues,
  ConsoleDiscount,
  ConsoleDiscountValues,
} from '@app/contracts';
import { ConsoleCommerceError, toWireId } from '@app/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { unix, wireIdOrNull } from '../../db/wire.ts';
import { AppError, notFound } from '../../errors.ts';
import { activities, activityPrices } from '../activities/activities.tables.ts';
import { type AuditedChange, auditedWrite } from '../audit/audit.service.ts';
import { couponRedemptions, coupons, discounts } from '../orders/orders.tables.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { isUniqueViolation } from '../users/users.repository.ts';

/**
 * Coupons and automatic discounts in the console (DESIGN §7; §3 Discount, §9 discount types 1–3):
 * list, create, replace, delete — commerce.edit. The body's type-dependent fields are checked by the
 * contract (each bad field named); here the targets (activity, ticket types) must be the meeting's,
 * and a coupon code is unique among the meeting's live coupons (upper-cased; 409 coupon.code_taken).
 * A coupon that was ever used is soft-deleted (its orders keep naming it), one never used removed.
 * Every write is audited (commerce.edit, entity coupon / discount).
 */

type CouponRow = typeof coupons.$inferSelect;
type DiscountRow = typeof discounts.$inferSelect;

/** Stored for "no start bound": the epoch (the column is NOT NULL); answered as null. */
const noStart = new Date(0);

const dateOrNull = (at: Date | null) => (at && at.getTime() > 0 ? unix(at) : null);

function discountWire(row: CouponRow | DiscountRow) {
  return {
    _id: toWireId(row.id),
    title: row.title,
    type: row.type as 1 | 2 | 3,
    discount_rate: row.discountRate,
    discount_amount: row.discountAmount,
    promotion_threshold: row.promotionThreshold,
    promotion_amount: row.promotionAmount,
    activity_id: wireIdOrNull(row.activityId),
    price_ids: row.priceIds,
    starts_at: dateOrNull(row.startsAt),
    ends_at: dateOrNull(row.endsAt),
    update_time: unix(row.updatedAt),
  };
}

function toCoupon(row: CouponRow): ConsoleCoupon {
  return {
    ...discountWire(row),
    code: row.code,
    is_public: row.isPublic === 1 ? 1 : 0,
    total_limit: row.totalLimit,
    used_total: row.usedTotal,
    per_user_limit: row.perUserLimit,
    deleted: row.deleted === 1 ? 1 : 0,
  };
}

function toDiscount(row: DiscountRow): ConsoleDiscount {
  return { ...discountWire(row), enabled: row.enabled === 1 ? 1 : 0 };
}

const targetInvalid = (path: string, message: string) =>
  new AppError(400, ConsoleCommerceError.targetInvalid, message, [{ path, message }]);

/**
 * The stored columns of a body's discount part: only the fields of its type (others 0), the target
 * checked against the meeting. @throws 400 commerce.target_invalid naming activity_id or price_ids.
 */
async function discountColumns(db: Database, meetingId: string, body: ConsoleDiscountValues) {
  const activityId = body.activity_id ? body.activity_id : null;
  if (activityId) {
    const [found] = await db
      .select({ id: activities.id })
      .from(activities)
      .where(
        and(eq(activities.id, activityId), eq(activities.meetingId, meetingId), eq(activities.deleted, 0)),
      );
    if (!found) throw targetInvalid('body/activity_id', 'not an activity of this meeting');
  }
  const priceIds = body.price_ids ?? [];
  if (priceIds.length > 0) {
    const found = await db
      .select({ id: activityPrices.id, activityId: activityPrices.activityId })
      .from(activityPrices)
      .innerJoin(activities, eq(activities.id, activityPrices.activityId))
      .where(and(inArray(activityPrices.id, priceIds), eq(activities.meetingId, meetingId)));
    const ok = new Set(found.filter((p) => !activityId || p.activityId === activityId).map((p) => p.id));
    const bad = priceIds.find((id) => !ok.has(id));
    if (bad) {
      throw targetInvalid(
        'body/price_ids',
        `ticket type ${bad} is not ${activityId ? "the activity's" : "the meeting's"}`,
      );
    }
  }
  const type = body.type;
  return {
    activityId,
    title: body.title ?? '',
    type,
    discountRate: type === 1 ? (body.discount_rate ?? 0) : 0,
    discountAmount: type === 2 ? (body.discount_amount ?? 0) : 0,
    promotionThreshold: type === 2 || type === 3 ? (body.promotion_threshold ?? 0) : 0,
    promotionAmount: type === 3 ? (body.promotion_amount ?? 0) : 0,
    priceIds,
    startsAt: body.starts_at ? new Date(body.starts_at * 1000) : noStart,
    endsAt: body.ends_at ? new Date(body.ends_at * 1000) : null,
  };
}

const codeTaken = (code: string) =>
  new AppError(
    409,
    ConsoleCommerceError.couponCodeTaken,
    `Coupon code ${code} is already used in this meeting`,
    [{ path: 'body/code', message: 'already used in this meeting' }],
  );

/** Maps the partial unique index's violation to 409 coupon.code_taken. */
async function withCodeCheck<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error) || isUniqueViolation((error as { cause?: unknown }).cause))
      throw codeTaken(code);
    throw error;
  }
}

/** GET …/commerce/coupons: every coupon of the meeting, newest first. @throws 403 (commerce.edit). */
export async function listCoupons(
  deps: RolesDeps,
  input: { userId: string; meetingId: string },
): Promise<{ items: ConsoleCoupon[] }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'commerce.edit' });
  const rows = await deps.db
    .select()
    .from(coupons)
    .where(eq(coupons.meetingId, input.meetingId))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  return { items: rows.map(toCoupon) };
}

async function liveCoupon(db: Database, meetingId: string, id: string, lock = false): Promise<CouponRow> {
  const query = db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), eq(coupons.meetingId, meetingId), eq(coupons.deleted, 0)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('coupon');
  return row;
}

/**
 * POST …/commerce/coupons (id null) or PUT …/commerce/coupons/{id}: writes a coupon (code upper-cased;
 * its use count stays on a replace). @throws 400 commerce.target_invalid; 403 no_permission
 * (commerce.edit); 404 not_found; 409 coupon.code_taken.
 */
export async function saveCoupon(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; id: string | null; body: ConsoleCouponValues },
): Promise<ConsoleCoupon> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'commerce.edit' });
  const { body } = input;
  return withCodeCheck(body.code, () =>
    auditedWrite(
      deps.db,
      {
        actorUserId: input.userId,
        meetingId: input.meetingId,
        action: 'commerce.edit',
        entity: 'coupon',
        entityId: input.id,
      },
      async (tx) => {
        const columns = {
          ...(await discountColumns(tx, input.meetingId, body)),
          code: body.code,
          isPublic: body.is_public ?? 0,
          totalLimit: body.total_limit ?? 0,
          perUserLimit: body.per_user_limit ?? 0,
        };
        const [taken] = await tx
          .select({ id: coupons.id })
          .from(coupons)
          .where(
            and(eq(coupons.meetingId, input.meetingId), eq(coupons.code, body.code), eq(coupons.deleted, 0)),
          );
        if (taken && taken.id !== input.id) throw codeTaken(body.code);
        if (!input.id) {
          const [row] = await tx
            .insert(coupons)
            .values({ id: newId(), meetingId: input.meetingId, ...columns })
            .returning();
          const created = toCoupon(row as CouponRow);
          return { result: created, before: null, after: created, entityId: (row as CouponRow).id };
        }
        const before = await liveCoupon(tx, input.meetingId, input.id, true);
        if (columns.totalLimit > 0 && columns.totalLimit < before.usedTotal) {
          const message = `at least the ${before.usedTotal} uses already made (or 0 for no limit)`;
          throw new AppError(400, 'validation_failed', `total_limit: ${message}`, [
            { path: 'body/total_limit', message },
          ]);
        }
        const [row] = await tx
          .update(coupons)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(coupons.id, before.id))
          .returning();
        const after = toCoupon(row as CouponRow);
        return { result: after, before: toCoupon(before), after };
      },
    ),
  );
}

/**
 * DELETE …/commerce/coupons/{id}: removes a coupon never used; one with any redemption (or a use
 * count) is soft-deleted (deleted 1: refused at checkout, kept for its orders).
 * @throws 403 no_permission (commerce.edit); 404 not_found.
 */
export async function deleteCoupon(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; id: string },
): Promise<{ deleted: 'removed' | 'soft' }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'commerce.edit' });
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'commerce.edit',
      entity: 'coupon',
      entityId: input.id,
    },
    async (tx): Promise<AuditedChange<{ deleted: 'removed' | 'soft' }>> => {
      const row = await liveCoupon(tx, input.meetingId, input.id, true);
      const [used] = await tx
        .select({ id: couponRedemptions.id })
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, row.id))
        .limit(1);
      if (used || row.usedTotal > 0) {
        await tx.update(coupons).set({ deleted: 1, updatedAt: new Date() }).where(eq(coupons.id, row.id));
        return { result: { deleted: 'soft' as const }, before: toCoupon(row), after: { deleted: 1 } };
      }
      await tx.delete(coupons).where(eq(coupons.id, row.id));
      return { result: { deleted: 'removed' as const }, before: toCoupon(row), after: null };
    },
  );
}

/** GET …/commerce/discounts: the meeting's live automatic discounts, newest first. @throws 403. */
export async function listDiscounts(
  deps: RolesDeps,
  input: { userId: string; meetingId: string },
): Promise<{ items: ConsoleDiscount[] }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'commerce.edit' });
  const rows = await deps.db
    .select()
    .from(discounts)
    .where(and(eq(discounts.meetingId, input.meetingId), eq(discounts.deleted, 0)))
    .orderBy(desc(discounts.createdAt), desc(discounts.id));
  return { items: rows.map(toDiscount) };
}

async function liveDiscount(db: Database, meetingId: string, id: string): Promise<DiscountRow> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.id, id), eq(discounts.meetingId, meetingId), eq(discounts.deleted, 0)))
    .for('update');
  if (!row) throw notFound('discount');
  return row;
}

/**
 * POST …/commerce/discounts (id null) or PUT …/commerce/discounts/{id}: writes an automatic discount.
 * @throws 400 commerce.target_invalid; 403 no_permission (commerce.edit); 404 not_found.
 */
export async function saveDiscount(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; id: string | null; body: ConsoleDiscountValues },
): Promise<ConsoleDiscount> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'commerce.edit' });
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'commerce.edit',
      entity: 'discount',
      entityId: input.id,
    },
    async (tx) => {
      const columns = {
        ...(await discountColumns(tx, input.meetingId, input.body)),
        enabled: input.body.enabled ?? 1,
      };
      if (!input.id) {
        const [row] = await tx
          .insert(discounts)
          .values({ id: newId(), meetingId: input.meetingId, ...columns })
          .returning();
        const created = toDiscount(row as DiscountRow);
        return { result: created, before: null, after: created, entityId: (row as DiscountRow).id };
      }
      const before = await liveDiscount(tx, input.meetingId, input.id);
      const [row] = await tx
        .update(discounts)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(discounts.id, before.id))
        .returning();
      const after = toDiscount(row as DiscountRow);
      return { result: after, before: toDiscount(before), after };
    },
  );
}

/**
 * DELETE …/commerce/discounts/{id}: soft-deletes (orders priced with it keep its id).
 * @throws 403 no_permission (commerce.edit); 404 not_found.
 */
export async function deleteDiscount(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; id: string },
): Promise<{ deleted: 'removed' | 'soft' }> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'commerce.edit' });
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'commerce.edit',
      entity: 'discount',
      entityId: input.id,
    },
    async (tx) => {
      const row = await liveDiscount(tx, input.meetingId, input.id);
      await tx.update(discounts).set({ deleted: 1, updatedAt: new Date() }).where(eq(discounts.id, row.id));
      return { result: { deleted: 'soft' as const }, before: toDiscount(row), after: { deleted: 1 } };
    },
  );
}
