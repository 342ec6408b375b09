import {
  type CompleteInvoiceBody,
  type ConsoleInvoice,
  type ConsoleInvoiceList,
  type CreateInvoiceBody,
  ErrorCode,
  type Invoice,
  type InvoiceEligibility,
  InvoiceErrorCode,
  type InvoiceFields,
  type InvoiceRefusal,
  type InvoiceState,
  type ReapplyInvoiceBody,
  type RejectInvoiceBody,
  toWireId,
} from '@app/contracts';
import { type InvoiceRequestInput, validateInvoiceRequest } from '@app/domain/commerce';
import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { uniqueViolation, violatedConstraintOf } from '../../db/pg-errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unix } from '../../db/wire.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Storage, StoredObject } from '../../providers/storage/storage.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { originalStorageKey } from '../media/media.keys.ts';
import { uploads } from '../media/media.tables.ts';
import { commerceSettings, orderLines, orders } from '../orders/orders.tables.ts';
import { can } from '../roles/roles.permissions.ts';
import { meetingAccess, type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { tickets } from '../tickets/tickets.tables.ts';
import { users } from '../users/users.tables.ts';
import { type InvoiceNoticeDeps, queueInvoiceNotice } from './invoices.notices.ts';
import { invoices } from './invoices.tables.ts';

/**
 * Invoices (§2 /invoice/form, /invoice/detail; §3 Invoice config, Invoice; §4 Invoice: fill in →
 * organiser processing → completed | rejected, reapply after a rejection; §5 checks). The buyer asks
 * for an invoice of a paid order; the amount is the order's paid − refunded, set here. The console's
 * queue completes a request with an uploaded PDF and/or the invoice number, or rejects it.
 */

type InvoiceRow = typeof invoices.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const orderNotFound = () => new AppError(404, ErrorCode.orderNotFound, 'Order not found');
const stale = () => new AppError(409, ErrorCode.staleWrite, 'changed by someone else, reload');

/** The wire shape of an invoice request. */
export function toWireInvoice(row: InvoiceRow): Invoice {
  return {
    _id: toWireId(row.id),
    order_id: toWireId(row.orderId),
    meeting_id: toWireId(row.meetingId),
    state: row.state,
    type: row.type,
    title: row.title,
    taxpayer_number: row.taxpayerNumber,
    registered_address: row.registeredAddress,
    phone: row.phone,
    bank: row.bank,
    bank_account: row.bankAccount,
    mobile: row.mobile,
    email: row.email,
    delivery: row.delivery,
    mailing_address: row.mailingAddress,
    amount: row.amount,
    currency: row.currency,
    reject_reason: row.rejectReason,
    issued_number: row.issuedNumber,
    pdf_url: row.pdfKey ? `/api/invoices/${row.id}/pdf` : null,
    version: row.version,
    create_time: unix(row.createdAt),
    update_time: unix(row.updatedAt),
  };
}

/**
 * Why an order may not have an invoice now (§4: requestable only after approval and once all tickets
 * are allocated), or null: invoices disabled for the meeting (enable_invoice ≠ 1), order not 'done',
 * fully refunded (refund flag or nothing left), a line without its ticket, a ticket not approved
 * (status 1 or 3; a deleted one counts as not approved). Cancelled lines are left out.
 */
export async function invoiceRefusalOf(db: Database, order: OrderRow): Promise<InvoiceRefusal | null> {
  const [settings] = await db
    .select({ enableInvoice: commerceSettings.enableInvoice })
    .from(commerceSettings)
    .where(eq(commerceSettings.meetingId, order.meetingId))
    .limit(1);
  if (settings?.enableInvoice !== 1) return 'disabled';
  if (order.status !== 'done') return 'not_paid';
  if (order.refundFlag === 1 || order.paidAmount - order.refundAmount <= 0) return 'refunded';
  const lines = await db
    .select({ ticketId: orderLines.ticketId, status: tickets.status, deleted: tickets.deleted })
    .from(orderLines)
    .leftJoin(tickets, eq(tickets.id, orderLines.ticketId))
    .where(and(eq(orderLines.orderId, order.id), eq(orderLines.cancelled, 0)));
  if (lines.length === 0 || lines.some((line) => line.ticketId === null)) return 'not_allocated';
  if (lines.some((line) => line.deleted !== 0 || (line.status !== 1 && line.status !== 3))) {
    return 'not_approved';
  }
  return null;
}

const refusalMessages: Record<InvoiceRefusal, string> = {
  disabled: 'Invoices are not offered for this meeting',
  not_paid: 'The order is not paid',
  refunded: 'The order is fully refunded',
  not_approved: 'Invoices can be requested once every ticket is approved',
  not_allocated: 'Invoices can be requested once every ticket is allocated',
};

function notAllowed(reason: InvoiceRefusal): AppError {
  return new AppError(409, InvoiceErrorCode.notAllowed, refusalMessages[reason], undefined, {
    data: { reason },
  });
}

/** The buyer's order, optionally row-locked. @throws 404 order.not_found (unknown or someone else's). */
async function buyersOrder(db: Database, userId: string, orderId: string, lock = false): Promise<OrderRow> {
  const query = db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const [order] = lock ? await query.for('update') : await query;
  if (!order || order.userId !== userId) throw orderNotFound();
  return order;
}

/** Checks the typed fields (§5). @throws 400 validation_failed with one detail per bad field. */
function checkedFields(fields: InvoiceFields): InvoiceRequestInput {
  const result = validateInvoiceRequest(fields);
  if (result.ok) return result.value;
  throw new AppError(
    400,
    ErrorCode.validation,
    result.errors.map((error) => `${error.path}: ${error.message}`).join('; '),
    result.errors.map((error) => ({ path: error.path, message: error.message })),
  );
}

function fieldColumns(value: InvoiceRequestInput) {
  return {
    type: value.type,
    title: value.title,
    taxpayerNumber: value.taxpayer_number,
    registeredAddress: value.registered_address,
    phone: value.phone,
    bank: value.bank,
    bankAccount: value.bank_account,
    mobile: value.mobile,
    email: value.email,
    delivery: value.delivery,
    mailingAddress: value.mailing_address,
  };
}

/** Turns the one-live-invoice index into 409 invoice.exists; rethrows anything else. */
function rethrowExists(error: unknown): never {
  if (violatedConstraintOf(error, uniqueViolation) === 'invoices_live_order_uq') {
    throw new AppError(409, InvoiceErrorCode.exists, 'This order already has an invoice request');
  }
  throw error;
}

/**
 * GET /invoices?checkout=: the buyer's requests of an order, newest first.
 * @throws 404 order.not_found
 */
export async function listInvoicesOfOrder(
  deps: { db: Database },
  input: { userId: string; orderId: string },
): Promise<Invoice[]> {
  const order = await buyersOrder(deps.db, input.userId, input.orderId);
  const rows = await deps.db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, order.id))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  return rows.map(toWireInvoice);
}

/**
 * GET /invoices/eligibility?checkout=: whether a new request may be made now (no live request and
 * the order eligible), why not when the order is not eligible, and the amount it would carry (cents).
 * @throws 404 order.not_found
 */
export async function invoiceEligibilityOf(
  deps: { db: Database },
  input: { userId: string; orderId: string },
): Promise<InvoiceEligibility> {
  const order = await buyersOrder(deps.db, input.userId, input.orderId);
  const [live] = await deps.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), ne(invoices.state, 'rejected')))
    .limit(1);
  const refusal = await invoiceRefusalOf(deps.db, order);
  return {
    can_request: refusal === null && !live,
    refusal,
    amount: Math.max(0, order.paidAmount - order.refundAmount),
    currency: order.currency,
    order_number: order.number,
  };
}

/**
 * POST /invoices: requests an invoice of an order of the caller (§4 → processing). Fields checked
 * first (400, every bad field), then under the order's row lock: eligibility (409 invoice.not_allowed
 * with data.reason), no live request (409 invoice.exists; the partial unique index is the backstop).
 * The amount is the order's paid − refunded cents.
 * @throws 400 validation_failed, 404 order.not_found, 409 invoice.not_allowed / invoice.exists
 */
export async function createInvoice(
  deps: { db: Database },
  input: { userId: string; body: CreateInvoiceBody },
): Promise<Invoice> {
  const { checkout_id: orderId, ...fields } = input.body;
  await buyersOrder(deps.db, input.userId, orderId);
  const value = checkedFields(fields);
  try {
    return await inTransaction(deps.db, async (tx) => {
      const order = await buyersOrder(tx, input.userId, orderId, true);
      const refusal = await invoiceRefusalOf(tx, order);
      if (refusal) throw notAllowed(refusal);
      const [live] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id), ne(invoices.state, 'rejected')))
        .limit(1);
      if (live) throw new AppError(409, InvoiceErrorCode.exists, 'This order already has an invoice request');
      const [row] = await tx
        .insert(invoices)
        .values({
          id: newId(),
          meetingId: order.meetingId,
          orderId: order.id,
          userId: input.userId,
          state: 'processing',
          ...fieldColumns(value),
          amount: order.paidAmount - order.refundAmount,
          currency: order.currency,
        })
        .returning();
      if (!row) throw new Error('invoice insert returned no row');
      return toWireInvoice(row);
    });
  } catch (error) {
    rethrowExists(error);
  }
}

/**
 * PUT /invoices/{id}: reapplies after a rejection (§4) with corrected fields — back to processing,
 * reason cleared, amount recomputed, version + 1. Only the buyer; only a rejected request read at
 * `version`; the order must still be eligible and have no other live request.
 * @throws 400 validation_failed, 404 not_found, 409 invoice.wrong_state / conflict.stale /
 *   invoice.not_allowed / invoice.exists
 */
export async function reapplyInvoice(
  deps: { db: Database },
  input: { userId: string; invoiceId: string; body: ReapplyInvoiceBody },
): Promise<Invoice> {
  const { version, ...fields } = input.body;
  const [existing] = await deps.db.select().from(invoices).where(eq(invoices.id, input.invoiceId)).limit(1);
  if (!existing || existing.userId !== input.userId) throw notFound('Invoice');
  const value = checkedFields(fields);
  try {
    return await inTransaction(deps.db, async (tx) => {
      const order = await buyersOrder(tx, input.userId, existing.orderId, true);
      const [row] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.id, input.invoiceId))
        .limit(1)
        .for('update');
      if (!row) throw notFound('Invoice');
      if (row.state !== 'rejected') {
        throw new AppError(
          409,
          InvoiceErrorCode.wrongState,
          'Only a rejected invoice request can be reapplied',
        );
      }
      if (row.version !== version) throw stale();
      const refusal = await invoiceRefusalOf(tx, order);
      if (refusal) throw notAllowed(refusal);
      const [updated] = await tx
        .update(invoices)
        .set({
          ...fieldColumns(value),
          state: 'processing',
          rejectReason: '',
          amount: order.paidAmount - order.refundAmount,
          currency: order.currency,
          processedBy: null,
          processedAt: null,
          version: sql`${invoices.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(invoices.id, row.id))
        .returning();
      if (!updated) throw new Error('invoice update returned no row');
      return toWireInvoice(updated);
    });
  } catch (error) {
    rethrowExists(error);
  }
}

/**
 * GET /invoices/{id}/pdf: the issued PDF's bytes — for the buyer, or a console user with finance.read
 * in the invoice's meeting.
 * @throws 404 not_found (no invoice, no PDF, bytes gone, or the caller may not see it)
 */
export async function openInvoicePdf(
  deps: RolesDeps & { storage: Storage },
  input: { userId: string; invoiceId: string },
): Promise<{ object: StoredObject; fileName: string }> {
  const [row] = await deps.db.select().from(invoices).where(eq(invoices.id, input.invoiceId)).limit(1);
  if (!row?.pdfKey) throw notFound('Invoice');
  if (row.userId !== input.userId) {
    const access = await meetingAccess(deps, input.userId, row.meetingId);
    if (!can(access, 'finance.read')) throw notFound('Invoice');
  }
  const object = await deps.storage.get(originalStorageKey('attachment', row.pdfKey));
  if (!object) throw notFound('Invoice');
  const name = row.issuedNumber ? `invoice-${row.issuedNumber}` : `invoice-${row.id}`;
  return { object, fileName: `${name.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf` };
}

// ————— Console —————

type ConsoleRow = {
  invoice: InvoiceRow;
  orderNumber: string;
  paidAmount: number;
  refundAmount: number;
  username: string | null;
  firstName: string | null;
};

function toConsoleInvoice(row: ConsoleRow): ConsoleInvoice {
  return {
    ...toWireInvoice(row.invoice),
    order_number: row.orderNumber,
    buyer_name: row.firstName || row.username || '',
    order_paid_amount: row.paidAmount,
    order_refund_amount: row.refundAmount,
  };
}

/** The console's rows: the invoice with its order and buyer's name (first line's registrant). */
function consoleSelect(db: Database) {
  return db
    .select({
      invoice: invoices,
      orderNumber: orders.number,
      paidAmount: orders.paidAmount,
      refundAmount: orders.refundAmount,
      username: users.username,
      firstName: sql<
        string | null
      >`(select ${orderLines.registrant} ->> 'name' from ${orderLines} where ${orderLines.orderId} = ${orders.id} order by ${orderLines.position}, ${orderLines.id} limit 1)`,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(users, eq(users.id, invoices.userId));
}

/** Escapes LIKE wildcards of a search text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * GET /console/meetings/{meeting_id}/invoices: the queue — filter by state and a search text (order
 * number, title, taxpayer number, mobile), oldest first (the queue is worked in arrival order), a page
 * of `limit`, the filtered total and the meeting's count per state.
 * @throws 403 no_permission (finance.read)
 */
export async function listConsoleInvoices(
  deps: RolesDeps,
  input: {
    userId: string;
    meetingId: string;
    state?: InvoiceState | undefined;
    q?: string | undefined;
    page: number;
    limit: number;
  },
): Promise<ConsoleInvoiceList> {
  await requireCan(deps, { ...input, action: 'finance.read' });
  const conditions: SQL[] = [eq(invoices.meetingId, input.meetingId)];
  if (input.state) conditions.push(eq(invoices.state, input.state));
  const q = input.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    const search = or(
      ilike(orders.number, pattern),
      ilike(invoices.title, pattern),
      ilike(invoices.taxpayerNumber, pattern),
      ilike(invoices.mobile, pattern),
    );
    if (search) conditions.push(search);
  }
  const where = and(...conditions);
  const [rows, totals, perState] = await Promise.all([
    consoleSelect(deps.db)
      .where(where)
      .orderBy(asc(invoices.createdAt), asc(invoices.id))
      .limit(input.limit)
      .offset((input.page - 1) * input.limit),
    deps.db
      .select({ total: count() })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(where),
    deps.db
      .select({ state: invoices.state, total: count() })
      .from(invoices)
      .where(eq(invoices.meetingId, input.meetingId))
      .groupBy(invoices.state),
  ]);
  const counts = { processing: 0, completed: 0, rejected: 0 };
  for (const entry of perState) counts[entry.state] = Number(entry.total);
  return { items: rows.map(toConsoleInvoice), total: Number(totals[0]?.total ?? 0), counts };
}

async function consoleInvoiceOf(db: Database, meetingId: string, id: string): Promise<ConsoleInvoice> {
  const [row] = await consoleSelect(db)
    .where(and(eq(invoices.meetingId, meetingId), eq(invoices.id, id)))
    .limit(1);
  if (!row) throw notFound('Invoice');
  return toConsoleInvoice(row);
}

/**
 * GET /console/meetings/{meeting_id}/invoices/{id}: one request with its order.
 * @throws 403 no_permission (finance.read), 404 not_found
 */
export async function getConsoleInvoice(
  deps: RolesDeps,
  input: { userId: string; meetingId: string; id: string },
): Promise<ConsoleInvoice> {
  await requireCan(deps, { ...input, action: 'finance.read' });
  return consoleInvoiceOf(deps.db, input.meetingId, input.id);
}

/** Locks a request of the meeting for a console write and checks its state and version. */
async function lockForProcessing(tx: Database, meetingId: string, id: string, version: number) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.meetingId, meetingId), eq(invoices.id, id)))
    .limit(1)
    .for('update');
  if (!row) throw notFound('Invoice');
  if (row.version !== version) throw stale();
  if (row.state !== 'processing') {
    throw new AppError(
      409,
      InvoiceErrorCode.wrongState,
      'Only a request being processed can be completed or rejected',
    );
  }
  return row;
}

/**
 * POST /console/meetings/{meeting_id}/invoices/{id}/complete: completes a processing request (§4)
 * with the issued PDF (a PDF upload of the caller in the attachment bucket, kept in storage) and/or
 * the invoice number. Audited; the buyer is told by SMS (and e-mail when given) once it commits.
 * @throws 400 invoice.completion_invalid, 403 no_permission (invoice.process), 404 not_found,
 *   409 invoice.wrong_state / conflict.stale
 */
export async function completeConsoleInvoice(
  deps: RolesDeps & InvoiceNoticeDeps,
  input: { userId: string; meetingId: string; id: string; body: CompleteInvoiceBody },
): Promise<ConsoleInvoice> {
  await requireCan(deps, { ...input, action: 'invoice.process' });
  const issuedNumber = input.body.issued_number?.trim() ?? '';
  const fileKey = input.body.file_key?.trim() ?? '';
  if (!issuedNumber && !fileKey) {
    throw new AppError(400, InvoiceErrorCode.completionInvalid, 'Give the invoice PDF or its number', [
      { path: 'file_key', message: 'Give the invoice PDF or its number' },
    ]);
  }
  if (fileKey) {
    const [upload] = await deps.db
      .select({ userId: uploads.userId, mime: uploads.mime })
      .from(uploads)
      .where(and(eq(uploads.bucket, 'attachment'), eq(uploads.key, fileKey)))
      .limit(1);
    if (upload?.userId !== input.userId || upload.mime !== 'application/pdf') {
      throw new AppError(400, InvoiceErrorCode.completionInvalid, 'Not a PDF upload of yours', [
        { path: 'file_key', message: 'Not a PDF upload of yours' },
      ]);
    }
  }
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'invoice.process',
      entity: 'invoice',
      entityId: input.id,
    },
    async (tx) => {
      const before = await lockForProcessing(tx, input.meetingId, input.id, input.body.version);
      const [updated] = await tx
        .update(invoices)
        .set({
          state: 'completed',
          issuedNumber,
          pdfKey: fileKey || null,
          processedBy: input.userId,
          processedAt: sql`now()`,
          version: sql`${invoices.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(invoices.id, before.id))
        .returning();
      if (updated) await queueInvoiceNotice(tx, deps, updated);
      const result = await consoleInvoiceOf(tx, input.meetingId, input.id);
      return { result, before: toWireInvoice(before), after: result };
    },
  );
}

/**
 * POST /console/meetings/{meeting_id}/invoices/{id}/reject: rejects a processing request with a
 * reason the buyer sees; the buyer may correct it and reapply (§4). Audited; the buyer is told by SMS
 * (and e-mail when given) with the reason.
 * @throws 403 no_permission (invoice.process), 404 not_found, 409 invoice.wrong_state / conflict.stale
 */
export async function rejectConsoleInvoice(
  deps: RolesDeps & InvoiceNoticeDeps,
  input: { userId: string; meetingId: string; id: string; body: RejectInvoiceBody },
): Promise<ConsoleInvoice> {
  await requireCan(deps, { ...input, action: 'invoice.process' });
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'invoice.process',
      entity: 'invoice',
      entityId: input.id,
    },
    async (tx) => {
      const before = await lockForProcessing(tx, input.meetingId, input.id, input.body.version);
      const [updated] = await tx
        .update(invoices)
        .set({
          state: 'rejected',
          rejectReason: input.body.reason.trim(),
          processedBy: input.userId,
          processedAt: sql`now()`,
          version: sql`${invoices.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(invoices.id, before.id))
        .returning();
      if (updated) await queueInvoiceNotice(tx, deps, updated);
      const result = await consoleInvoiceOf(tx, input.meetingId, input.id);
      return { result, before: toWireInvoice(before), after: result };
    },
  );
}
