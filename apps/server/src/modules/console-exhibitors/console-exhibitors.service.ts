import { randomBytes } from 'node:crypto';
import {
  type ApplicationCounts,
  type ApproveApplicationAnswer,
  type ApproveApplicationBody,
  type ConsoleCategory,
  type ConsoleCategoryType,
  type ConsoleExhibitor,
  type ConsoleExhibitorApplication,
  ConsoleExhibitorsError,
  type ConsoleProduct,
  type CreateConsoleCategoryBody,
  ErrorCode,
  type ResetExhibitorPasswordAnswer,
  toWireId,
  type UpdateConsoleCategoryBody,
  type UpdateConsoleEnterpriseBody,
  type UpdateConsoleExhibitorBody,
  type UpdateConsoleProductBody,
} from '@app/contracts';
import { isOptionalEmailValid } from '@app/domain/contact';
import { hash } from '@node-rs/argon2';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { flag, unix, wireIdOrNull } from '../../db/wire.ts';
import { AppError, notFound } from '../../errors.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { normaliseAccountName } from '../auth/auth.service.ts';
import { buildSearchText, searchTerms } from '../enterprises/enterprises.search.ts';
import { findMeetingById } from '../meetings/meetings.repository.ts';
import { deliverMessageJob } from '../messages/messages.service.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';
import { emailInvalid } from '../users/users.errors.ts';
import {
  createPasswordLink,
  type LinkDeps,
  meetingTitleIn,
  sendExhibitorMessage,
} from './console-exhibitors.password-links.ts';
import {
  type ApplicationRow,
  type ConsoleCategoryRow,
  type ConsoleExhibitorRow,
  type ConsoleProductRow,
  countApplicationsByStatus,
  countConsoleExhibitors,
  findAccountsOfEnterprise,
  findApplication,
  findApplications,
  findApprovedApplicationOf,
  findConsoleCategories,
  findConsoleCategory,
  findConsoleExhibitor,
  findConsoleExhibitors,
  findConsoleProduct,
  findConsoleProducts,
  insertCategory,
  insertEnterprise,
  insertExhibitor,
  insertExhibitorAccount,
  isAccountNameTaken,
  lockApplication,
  setApplicationReview,
  setEnterpriseWeight,
  updateCategory,
  updateEnterpriseIfCurrent,
  updateExhibitorIfCurrent,
  updateProductIfCurrent,
} from './console-exhibitors.repository.ts';

/**
 * The console's exhibitors area (DESIGN §7, §6, §9): the application inbox, enterprises, exhibitors,
 * products, industries and exhibitor groups, and password resets of exhibitor accounts. Every call
 * first checks `exhibitor.manage` (403 no_permission); every write goes through auditedWrite and then
 * clears the public response cache so the pavilion shows it at once.
 */

/** What the area's calls use: the role check's deps, the queue and providers, and the public cache. */
export type ConsoleExhibitorsDeps = RolesDeps &
  Omit<LinkDeps, 'db'> & {
    config: RolesDeps['config'] & LinkDeps['config'];
    cache: { clear: () => void };
  };

type Caller = { userId: string; meetingId: string };

const action = 'exhibitor.manage';
const staleWrite = () => new AppError(409, ErrorCode.staleWrite, 'changed by someone else, reload');
const reviewed = () =>
  new AppError(409, ConsoleExhibitorsError.applicationReviewed, 'This application was already reviewed');

function toWireApplication(row: ApplicationRow): ConsoleExhibitorApplication {
  return {
    _id: toWireId(row.id),
    company: row.company,
    contact_name: row.contactName,
    phone: row.phone,
    email: row.email,
    message: row.message,
    status: row.status,
    reason: row.reason,
    enterprise_id: wireIdOrNull(row.enterpriseId),
    account: row.account,
    reviewed_at: row.reviewedAt ? unix(row.reviewedAt) : null,
    created: unix(row.createdAt),
  };
}

/**
 * GET /console/meetings/{meeting_id}/exhibitor_applications: the inbox, newest first (at most 500),
 * optionally of one status, with the count per status.
 * @throws 403 no_permission
 */
export async function listApplications(
  deps: RolesDeps,
  input: Caller & { status?: number | undefined },
): Promise<{ items: ConsoleExhibitorApplication[]; counts: ApplicationCounts }> {
  await requireCan(deps, { ...input, action });
  const [rows, counts] = await Promise.all([
    findApplications(deps.db, { meetingId: input.meetingId, status: input.status, limit: 500 }),
    countApplicationsByStatus(deps.db, input.meetingId),
  ]);
  return {
    items: rows.map(toWireApplication),
    counts: { waiting: counts.get(0) ?? 0, approved: counts.get(1) ?? 0, rejected: counts.get(2) ?? 0 },
  };
}

/** A password nobody knows (argon2id of 32 random bytes): the account is unusable until a link sets one. */
async function unknownPasswordHash(): Promise<string> {
  return hash(randomBytes(32).toString('base64url'));
}

/**
 * POST /console/meetings/{meeting_id}/exhibitor_applications/{id}/approve (§6 Exhibitor): in one
 * audited transaction, locks the waiting application, creates the enterprise (title: the company;
 * the applicant's phone and e-mail are not published on it), its exhibitor row in the meeting
 * (shown, weight 0) and an exhibitor account (`body.account`, default the company; stored NFKC
 * lower-case) with an unknown password, a one-time password link (72 h), and queues the 'approved'
 * SMS (and mail) with the link.
 * @throws 403 no_permission; 404 not_found; 409 exhibitor_application.reviewed; 409
 *   conflict.already_used (details body/account)
 */
export async function approveApplication(
  deps: ConsoleExhibitorsDeps,
  input: Caller & { applicationId: string; body: ApproveApplicationBody },
): Promise<ApproveApplicationAnswer> {
  await requireCan(deps, { ...input, action });
  const meeting = await findMeetingById(deps.db, input.meetingId);
  if (!meeting) throw notFound('Meeting');
  const passwordHash = await unknownPasswordHash();
  const language = input.body.lang ?? 'en';
  const answer = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'exhibitor_application',
      entityId: input.applicationId,
    },
    async (tx) => {
      const application = await lockApplication(tx, input.meetingId, input.applicationId);
      if (!application) throw notFound('Application');
      if (application.status !== 0) throw reviewed();
      const account = normaliseAccountName(input.body.account ?? application.company);
      const taken = () =>
        new AppError(409, ErrorCode.alreadyUsed, 'This account name is already used', [
          { path: 'body/account', message: 'already used' },
        ]);
      if (account === '' || (await isAccountNameTaken(tx, input.meetingId, account))) throw taken();
      const enterpriseId = newId();
      const exhibitorId = newId();
      // The applicant's phone and e-mail stay off the public enterprise page (the pavilion shows its
      // phone and e-mail to every visitor); the exhibitor or organiser adds the company's own later.
      await insertEnterprise(tx, {
        id: enterpriseId,
        title: application.company,
        searchText: buildSearchText(application.company),
      });
      await insertExhibitor(tx, { id: exhibitorId, meetingId: input.meetingId, enterpriseId });
      const accountId = await insertExhibitorAccount(tx, {
        id: newId(),
        meetingId: input.meetingId,
        account,
        passwordHash,
        enterpriseId,
      });
      if (!accountId) throw taken();
      await setApplicationReview(tx, application.id, {
        status: 1,
        reason: '',
        reviewedBy: input.userId,
        enterpriseId,
      });
      const linkDeps = { ...deps, db: tx };
      const { link } = await createPasswordLink(linkDeps, {
        exhibitorAccountId: accountId,
        meetingId: input.meetingId,
      });
      await sendExhibitorMessage(linkDeps, {
        key: 'approved',
        language,
        meetingId: input.meetingId,
        phone: application.phone || null,
        email: application.email || null,
        values: {
          company: application.company,
          meeting: meetingTitleIn(meeting.title, language),
          account,
          link,
        },
      });
      return {
        result: { enterpriseId, exhibitorId, account },
        before: { status: 0 },
        after: { status: 1, enterprise_id: enterpriseId, exhibitor_id: exhibitorId, account },
      };
    },
  );
  deps.jobs.wake(deliverMessageJob);
  deps.cache.clear();
  const row = await findApplication(deps.db, input.applicationId);
  if (!row) throw notFound('Application');
  return {
    application: toWireApplication(row),
    enterprise_id: toWireId(answer.enterpriseId),
    exhibitor_id: toWireId(answer.exhibitorId),
    account: answer.account,
  };
}

/**
 * POST /console/meetings/{meeting_id}/exhibitor_applications/{id}/reject: stores the reason and
 * queues the 'rejected' SMS (and mail) to the applicant, in one audited transaction.
 * @throws 403 no_permission; 404 not_found; 409 exhibitor_application.reviewed
 */
export async function rejectApplication(
  deps: ConsoleExhibitorsDeps,
  input: Caller & { applicationId: string; reason: string; lang?: string | undefined },
): Promise<ConsoleExhibitorApplication> {
  await requireCan(deps, { ...input, action });
  const meeting = await findMeetingById(deps.db, input.meetingId);
  if (!meeting) throw notFound('Meeting');
  const language = input.lang ?? 'en';
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'exhibitor_application',
      entityId: input.applicationId,
    },
    async (tx) => {
      const application = await lockApplication(tx, input.meetingId, input.applicationId);
      if (!application) throw notFound('Application');
      if (application.status !== 0) throw reviewed();
      await setApplicationReview(tx, application.id, {
        status: 2,
        reason: input.reason,
        reviewedBy: input.userId,
        enterpriseId: null,
      });
      await sendExhibitorMessage(
        { ...deps, db: tx },
        {
          key: 'rejected',
          language,
          meetingId: input.meetingId,
          phone: application.phone || null,
          email: application.email || null,
          values: {
            company: application.company,
            meeting: meetingTitleIn(meeting.title, language),
            reason: input.reason,
          },
        },
      );
      return { result: null, before: { status: 0 }, after: { status: 2, reason: input.reason } };
    },
  );
  deps.jobs.wake(deliverMessageJob);
  const row = await findApplication(deps.db, input.applicationId);
  if (!row) throw notFound('Application');
  return toWireApplication(row);
}

function toWireConsoleExhibitor(row: ConsoleExhibitorRow): ConsoleExhibitor {
  const { exhibitor, enterprise } = row;
  return {
    _id: toWireId(exhibitor.id),
    enterprise_id: toWireId(enterprise.id),
    title: enterprise.title,
    logo: enterprise.logo,
    description: enterprise.description,
    website: enterprise.website,
    phone: enterprise.phone,
    email: enterprise.email,
    address: enterprise.address,
    booth: exhibitor.booth,
    weight: exhibitor.weight,
    is_shown: flag(exhibitor.isShown),
    exhibitor_group_category_id: wireIdOrNull(exhibitor.exhibitorGroupCategoryId),
    industry_category_id: wireIdOrNull(exhibitor.industryCategoryId ?? enterprise.industryCategoryId),
    accounts: row.accounts,
    products_total: Number(row.productsTotal),
    views_total: exhibitor.viewsTotal,
    updated_at_ms: Number(row.updatedAtMs),
    enterprise_updated_at_ms: Number(row.enterpriseUpdatedAtMs),
    created: unix(exhibitor.createdAt),
  };
}

/**
 * GET /console/meetings/{meeting_id}/exhibitors: a page of the meeting's exhibitors (shown and
 * hidden, not deleted), by weight then created (descending, §9), optionally whose enterprise title
 * contains every word of `keyword`.
 * @throws 403 no_permission
 */
export async function listExhibitors(
  deps: RolesDeps,
  input: Caller & { keyword?: string | undefined; skip: number; limit: number },
): Promise<{ items: ConsoleExhibitor[]; total: number }> {
  await requireCan(deps, { ...input, action });
  const terms = searchTerms(input.keyword ?? '');
  const [rows, total] = await Promise.all([
    findConsoleExhibitors(deps.db, {
      meetingId: input.meetingId,
      terms,
      skip: input.skip,
      limit: input.limit,
    }),
    countConsoleExhibitors(deps.db, { meetingId: input.meetingId, terms }),
  ]);
  return { items: rows.map(toWireConsoleExhibitor), total };
}

/** A category id of a form ('' clears) checked to be the meeting's of `type`. @throws 400 validation_failed */
async function categoryRef(
  db: Database,
  input: { meetingId: string; id: string | undefined; type: ConsoleCategoryType; field: string },
): Promise<string | null | undefined> {
  if (input.id === undefined) return undefined;
  if (input.id === '') return null;
  const category = await findConsoleCategory(db, {
    meetingId: input.meetingId,
    id: input.id,
    type: input.type,
  });
  if (!category) {
    throw new AppError(400, ErrorCode.validation, `Unknown ${input.type} category`, [
      { path: `body/${input.field}`, message: `not an ${input.type} category of this meeting` },
    ]);
  }
  return input.id;
}

/** Audit view of an exhibitor row. */
function exhibitorAuditView(row: ConsoleExhibitorRow) {
  const { exhibitor } = row;
  return {
    booth: exhibitor.booth,
    weight: exhibitor.weight,
    is_shown: exhibitor.isShown,
    exhibitor_group_category_id: exhibitor.exhibitorGroupCategoryId,
    industry_category_id: exhibitor.industryCategoryId,
  };
}

/**
 * PUT /console/meetings/{meeting_id}/exhibitors/{id}: booth, weight (the enterprise's weight
 * follows, so GET /enterprises sorts alike), show/hide, exhibitor group and industry, when the row
 * still has the `updated_at_ms` the caller read.
 * @throws 400 validation_failed (a category of another meeting or type); 403 no_permission;
 *   404 not_found; 409 conflict.stale
 */
export async function updateExhibitor(
  deps: ConsoleExhibitorsDeps,
  input: Caller & { exhibitorId: string; body: UpdateConsoleExhibitorBody },
): Promise<ConsoleExhibitor> {
  await requireCan(deps, { ...input, action });
  const { body } = input;
  const before = await findConsoleExhibitor(deps.db, {
    meetingId: input.meetingId,
    exhibitorId: input.exhibitorId,
  });
  if (!before) throw notFound('Exhibitor');
  const [groupId, industryId] = await Promise.all([
    categoryRef(deps.db, {
      meetingId: input.meetingId,
      id: body.exhibitor_group_category_id,
      type: 'exhibitor_group',
      field: 'exhibitor_group_category_id',
    }),
    categoryRef(deps.db, {
      meetingId: input.meetingId,
      id: body.industry_category_id,
      type: 'industry',
      field: 'industry_category_id',
    }),
  ]);
  const after = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'exhibitor',
      entityId: before.exhibitor.id,
    },
    async (tx) => {
      const isDone = await updateExhibitorIfCurrent(
        tx,
        { id: before.exhibitor.id, ms: body.updated_at_ms },
        {
          ...(body.booth !== undefined ? { booth: body.booth } : {}),
          ...(body.weight !== undefined ? { weight: body.weight } : {}),
          ...(body.is_shown !== undefined ? { isShown: body.is_shown } : {}),
          ...(groupId !== undefined ? { exhibitorGroupCategoryId: groupId } : {}),
          ...(industryId !== undefined ? { industryCategoryId: industryId } : {}),
        },
      );
      if (!isDone) throw staleWrite();
      if (body.weight !== undefined && body.weight !== before.enterprise.weight) {
        await setEnterpriseWeight(tx, before.enterprise.id, body.weight);
      }
      const row = await findConsoleExhibitor(tx, {
        meetingId: input.meetingId,
        exhibitorId: before.exhibitor.id,
      });
      if (!row) throw notFound('Exhibitor');
      return { result: row, before: exhibitorAuditView(before), after: exhibitorAuditView(row) };
    },
  );
  deps.cache.clear();
  return toWireConsoleExhibitor(after);
}

/** Audit view of an enterprise. */
function enterpriseAuditView(row: ConsoleExhibitorRow) {
  const { enterprise } = row;
  return {
    title: enterprise.title,
    logo: enterprise.logo,
    description: enterprise.description,
    website: enterprise.website,
    phone: enterprise.phone,
    email: enterprise.email,
    address: enterprise.address,
  };
}

/**
 * PUT /console/meetings/{meeting_id}/enterprises/{id}: edits an enterprise exhibiting at the meeting
 * when it still has the `updated_at_ms` the caller read; the search text follows a new title.
 * @returns the meeting's exhibitor row of it
 * @throws 400 email.invalid; 403 no_permission; 404 not_found; 409 conflict.stale
 */
export async function updateEnterprise(
  deps: ConsoleExhibitorsDeps,
  input: Caller & { enterpriseId: string; body: UpdateConsoleEnterpriseBody },
): Promise<ConsoleExhibitor> {
  await requireCan(deps, { ...input, action });
  const { body } = input;
  if (body.email !== undefined && !isOptionalEmailValid(body.email)) throw emailInvalid();
  const before = await findConsoleExhibitor(deps.db, {
    meetingId: input.meetingId,
    enterpriseId: input.enterpriseId,
  });
  if (!before) throw notFound('Enterprise');
  const after = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'enterprise',
      entityId: input.enterpriseId,
    },
    async (tx) => {
      const isDone = await updateEnterpriseIfCurrent(
        tx,
        { id: input.enterpriseId, ms: body.updated_at_ms },
        {
          ...(body.title !== undefined ? { title: body.title, searchText: buildSearchText(body.title) } : {}),
          ...(body.logo !== undefined ? { logo: body.logo } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.website !== undefined ? { website: body.website } : {}),
          ...(body.phone !== undefined ? { phone: body.phone } : {}),
          ...(body.email !== undefined ? { email: body.email } : {}),
          ...(body.address !== undefined ? { address: body.address } : {}),
        },
      );
      if (!isDone) throw staleWrite();
      const row = await findConsoleExhibitor(tx, {
        meetingId: input.meetingId,
        enterpriseId: input.enterpriseId,
      });
      if (!row) throw notFound('Enterprise');
      return { result: row, before: enterpriseAuditView(before), after: enterpriseAuditView(row) };
    },
  );
  deps.cache.clear();
  return toWireConsoleExhibitor(after);
}

function toWireProduct(row: ConsoleProductRow): ConsoleProduct {
  const { product } = row;
  return {
    _id: toWireId(product.id),
    enterprise_id: toWireId(product.enterpriseId),
    title: product.title,
    cover: product.images[0] ?? '',
    weight: product.weight,
    is_shown: product.isShown === 1 ? 1 : 0,
    updated_at_ms: Number(row.updatedAtMs),
    created: unix(product.createdAt),
  };
}

/**
 * GET /console/meetings/{meeting_id}/enterprises/{id}/products: the enterprise's products for the
 * meeting, not deleted, hidden ones (`is_shown` 0) included so they can be shown again, by weight then
 * created (descending).
 * @throws 403 no_permission; 404 not_found (the enterprise does not exhibit there)
 */
export async function listProducts(
  deps: RolesDeps,
  input: Caller & { enterpriseId: string },
): Promise<{ items: ConsoleProduct[] }> {
  await requireCan(deps, { ...input, action });
  const exhibitor = await findConsoleExhibitor(deps.db, {
    meetingId: input.meetingId,
    enterpriseId: input.enterpriseId,
  });
  if (!exhibitor) throw notFound('Enterprise');
  const rows = await findConsoleProducts(deps.db, input.meetingId, input.enterpriseId);
  return { items: rows.map(toWireProduct) };
}

/**
 * PUT /console/meetings/{meeting_id}/products/{id}: weight and show/hide of a product (`is_shown` 0/1;
 * the row is never deleted, so a hidden product can be shown again — every public read leaves hidden
 * products out like deleted ones, §9), when it still has the `updated_at_ms` the caller read.
 * @throws 403 no_permission; 404 not_found; 409 conflict.stale
 */
export async function updateProduct(
  deps: ConsoleExhibitorsDeps,
  input: Caller & { productId: string; body: UpdateConsoleProductBody },
): Promise<ConsoleProduct> {
  await requireCan(deps, { ...input, action });
  const { body } = input;
  const before = await findConsoleProduct(deps.db, input.meetingId, input.productId);
  if (!before) throw notFound('Product');
  const view = (row: ConsoleProductRow) => ({ weight: row.product.weight, is_shown: row.product.isShown });
  const after = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'product',
      entityId: input.productId,
    },
    async (tx) => {
      const isDone = await updateProductIfCurrent(
        tx,
        { id: input.productId, ms: body.updated_at_ms },
        {
          ...(body.weight !== undefined ? { weight: body.weight } : {}),
          ...(body.is_shown !== undefined ? { isShown: body.is_shown === 1 ? 1 : 0 } : {}),
        },
      );
      if (!isDone) throw staleWrite();
      const row = await findConsoleProduct(tx, input.meetingId, input.productId);
      if (!row) throw notFound('Product');
      return { result: row, before: view(before), after: view(row) };
    },
  );
  deps.cache.clear();
  return toWireProduct(after);
}

/** `+86 138****8000` / `a***@example.org`: where a link went, without showing all of it. */
export function maskAddress(address: string): string {
  const at = address.indexOf('@');
  if (at > 0) return `${address.slice(0, 1)}***${address.slice(at)}`;
  return address.length > 7 ? `${address.slice(0, address.length - 8)}****${address.slice(-4)}` : '****';
}

/**
 * POST /console/meetings/{meeting_id}/exhibitors/{id}/password_reset (§6 Exhibitor): a new one-time
 * link (72 h) to set the password of the enterprise's first exhibitor account in the meeting, sent
 * to the phone and e-mail of its approved application, else the enterprise's; earlier links stop
 * working. The current password keeps working until the link is used.
 * @throws 403 no_permission; 404 not_found (no exhibitor or no account); 409 exhibitor.no_contact
 */
export async function resetPassword(
  deps: ConsoleExhibitorsDeps,
  input: Caller & { exhibitorId: string; lang?: string | undefined },
): Promise<ResetExhibitorPasswordAnswer> {
  await requireCan(deps, { ...input, action });
  const exhibitor = await findConsoleExhibitor(deps.db, {
    meetingId: input.meetingId,
    exhibitorId: input.exhibitorId,
  });
  if (!exhibitor) throw notFound('Exhibitor');
  const meeting = await findMeetingById(deps.db, input.meetingId);
  if (!meeting) throw notFound('Meeting');
  const [account] = await findAccountsOfEnterprise(deps.db, input.meetingId, exhibitor.enterprise.id);
  if (!account) throw notFound('Exhibitor account');
  const application = await findApprovedApplicationOf(deps.db, input.meetingId, exhibitor.enterprise.id);
  const phone = application?.phone || exhibitor.enterprise.phone || null;
  const email = application?.email || exhibitor.enterprise.email || null;
  if (!phone && !email) {
    throw new AppError(409, ConsoleExhibitorsError.noContact, 'No phone or e-mail to send the link to');
  }
  const language = input.lang ?? 'en';
  const sentTo = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'exhibitor_account',
      entityId: account.id,
    },
    async (tx) => {
      const linkDeps = { ...deps, db: tx };
      const { link } = await createPasswordLink(linkDeps, {
        exhibitorAccountId: account.id,
        meetingId: input.meetingId,
      });
      const result = await sendExhibitorMessage(linkDeps, {
        key: 'password',
        language,
        meetingId: input.meetingId,
        phone,
        email,
        values: { account: account.account, meeting: meetingTitleIn(meeting.title, language), link },
      });
      return { result, before: null, after: { password_link_sent_to: result.map(maskAddress) } };
    },
  );
  deps.jobs.wake(deliverMessageJob);
  return { account: account.account, sent_to: sentTo.map(maskAddress) };
}

function toWireCategory(row: ConsoleCategoryRow): ConsoleCategory {
  return {
    _id: toWireId(row.id),
    type: row.type as ConsoleCategoryType,
    title: row.title,
    weight: row.weight,
    exhibitors_total: Number(row.exhibitorsTotal),
    created: unix(row.createdAt),
  };
}

/**
 * GET /console/meetings/{meeting_id}/exhibitor_categories: industries and exhibitor groups, weight
 * then created, descending (§7 Categories, §9), with how many exhibitors each holds.
 * @throws 403 no_permission
 */
export async function listCategories(
  deps: RolesDeps,
  input: Caller & { type?: ConsoleCategoryType | undefined },
): Promise<{ items: ConsoleCategory[] }> {
  await requireCan(deps, { ...input, action });
  const rows = await findConsoleCategories(deps.db, input.meetingId, input.type);
  return { items: rows.map(toWireCategory) };
}

/** An empty title (string or every language blank). @throws 400 validation_failed */
function requireTitle(title: string | Record<string, string>): void {
  const values = typeof title === 'string' ? [title] : Object.values(title);
  if (values.every((value) => value.trim() === '')) {
    throw new AppError(400, ErrorCode.validation, 'This is a required field', [
      { path: 'body/title', message: 'This is a required field' },
    ]);
  }
}

/**
 * POST /console/meetings/{meeting_id}/exhibitor_categories: adds an industry or exhibitor group.
 * @throws 400 validation_failed; 403 no_permission
 */
export async function createCategory(
  deps: ConsoleExhibitorsDeps,
  input: Caller & { body: CreateConsoleCategoryBody },
): Promise<ConsoleCategory> {
  await requireCan(deps, { ...input, action });
  requireTitle(input.body.title);
  const id = newId();
  const row = await auditedWrite(
    deps.db,
    { actorUserId: input.userId, meetingId: input.meetingId, action, entity: 'category', entityId: id },
    async (tx) => {
      await insertCategory(tx, {
        id,
        meetingId: input.meetingId,
        type: input.body.type,
        title: input.body.title,
        weight: input.body.weight,
      });
      const created = await findConsoleCategory(tx, { meetingId: input.meetingId, id });
      if (!created) throw notFound('Category');
      const view = { type: created.type, title: created.title, weight: created.weight };
      return { result: created, before: null, after: view };
    },
  );
  deps.cache.clear();
  return toWireCategory(row);
}

/**
 * PUT /console/meetings/{meeting_id}/exhibitor_categories/{id}: title and weight.
 * @throws 400 validation_failed; 403 no_permission; 404 not_found
 */
export async function updateCategoryOf(
  deps: ConsoleExhibitorsDeps,
  input: Caller & { categoryId: string; body: UpdateConsoleCategoryBody },
): Promise<ConsoleCategory> {
  await requireCan(deps, { ...input, action });
  if (input.body.title !== undefined) requireTitle(input.body.title);
  const row = await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'category',
      entityId: input.categoryId,
    },
    async (tx) => {
      const before = await findConsoleCategory(tx, { meetingId: input.meetingId, id: input.categoryId });
      if (!before) throw notFound('Category');
      await updateCategory(tx, before.id, {
        ...(input.body.title !== undefined ? { title: input.body.title } : {}),
        ...(input.body.weight !== undefined ? { weight: input.body.weight } : {}),
      });
      const after = await findConsoleCategory(tx, { meetingId: input.meetingId, id: input.categoryId });
      if (!after) throw notFound('Category');
      return {
        result: after,
        before: { title: before.title, weight: before.weight },
        after: { title: after.title, weight: after.weight },
      };
    },
  );
  deps.cache.clear();
  return toWireCategory(row);
}

/**
 * DELETE /console/meetings/{meeting_id}/exhibitor_categories/{id}: soft delete (public category lists
 * leave it out).
 * @throws 403 no_permission; 404 not_found
 */
export async function deleteCategory(
  deps: ConsoleExhibitorsDeps,
  input: Caller & { categoryId: string },
): Promise<{ ok: 1 }> {
  await requireCan(deps, { ...input, action });
  await auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action,
      entity: 'category',
      entityId: input.categoryId,
    },
    async (tx) => {
      const before = await findConsoleCategory(tx, { meetingId: input.meetingId, id: input.categoryId });
      if (!before) throw notFound('Category');
      await updateCategory(tx, before.id, { deleted: 1 });
      return {
        result: null,
        before: { type: before.type, title: before.title, weight: before.weight },
        after: null,
      };
    },
  );
  deps.cache.clear();
  return { ok: 1 };
}
