import type { Ticket } from '@app/contracts';
import { ErrorCode } from '@app/contracts';
import { localize, registrationState, toUnixSeconds } from '@app/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import { registrationActivityOf } from '../activities/activities.serializer.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { fill, messageCatalogue } from '../codes/codes.messages.ts';
import type { JobQueue } from '../jobs/jobs.service.ts';
import { findMeetingById } from '../meetings/meetings.repository.ts';
import { deliverMessageJob, queueMail, queueSms } from '../messages/messages.service.ts';
import { notificationChannels, recordNotification } from '../notifications/notifications.service.ts';
import type { RolesDeps } from '../roles/roles.service.ts';
import { publicLink } from '../shared/public-links.ts';
import { findUserById } from '../users/users.repository.ts';
import { ticketNotReviewable } from './tickets.errors.ts';
import {
  changeStatus,
  findActivity,
  findTicket,
  lockAgent,
  moveCounters,
  type TicketRow,
} from './tickets.repository.ts';
import { toWireTickets } from './tickets.service.ts';
import { requireStaff, ticketOfMeeting } from './tickets.staff.ts';

/**
 * The organiser's review of a registration (§4): approve or reject with a reason, the freed places
 * and the registrant's SMS / e-mail, one code path for PUT /tickets/{id}/attends and the console's
 * registrations calls (modules/console-registrations).
 */

/** What telling the registrant needs: the job queue, the providers' names and PUBLIC_URL for links. */
export type ReviewNoticeDeps = {
  config: Pick<Config, 'PUBLIC_URL'>;
  jobs: JobQueue;
  sms: Pick<SmsProvider, 'name'>;
  mail: Pick<MailProvider, 'name'>;
};

/** Dependencies of reviewTicket: the role check's, plus the notice's. */
export type ReviewDeps = RolesDeps & {
  config: RolesDeps['config'] & Pick<Config, 'PUBLIC_URL'>;
} & Omit<ReviewNoticeDeps, 'config'>;

/** One review decision. */
export type ReviewDecision = {
  /** 1 approve, 2 reject. */
  status: 1 | 2;
  /** The rejection's reason (§4), '' for none; an approval clears it. */
  reason?: string | undefined;
  /** Unix ms of `updated_at` the editor read (optimistic concurrency, DESIGN §7); omitted: no check. */
  updatedMs?: number | undefined;
};

/** 409 'changed by someone else, reload' (DESIGN §7). */
export const staleTicket = () =>
  new AppError(409, ErrorCode.staleWrite, 'This registration was changed by someone else, reload');

/**
 * Applies a review inside the caller's transaction `tx`: 0 → 1 or 0 → 2 in one conditional update
 * (with the reason), a rejection frees its places — the type's sold_total, the activity's
 * ticket_total, the source's signup_total and the group's members_total each go down by one — and the
 * registrant's SMS / e-mail are queued in the same transaction (sent only if it commits). Lock order as
 * a registration's: the group row first.
 * @returns the ticket before and after. @throws 409 ticket.not_reviewable (not under review),
 *   409 conflict.stale (changed since `updatedMs`).
 */
export async function applyReview(
  tx: Database,
  notice: ReviewNoticeDeps | null,
  ticket: TicketRow,
  decision: ReviewDecision,
): Promise<{ before: TicketRow; after: TicketRow }> {
  if (ticket.agentId) await lockAgent(tx, ticket.agentId);
  const changed = await changeStatus(tx, ticket.id, 0, decision.status, {
    reviewReason: decision.status === 2 ? (decision.reason ?? '').trim() : '',
    ...(decision.updatedMs !== undefined ? { updatedMs: decision.updatedMs } : {}),
  });
  if (!changed) {
    const current = await findTicket(tx, ticket.id);
    if (!current || current.deleted === 1) throw notFound('ticket');
    // Still under review yet not updated: its updated_at moved on. Reviewed by someone after this
    // editor read it: also theirs to reload.
    const isStale =
      decision.updatedMs !== undefined &&
      (current.status === 0 || current.updatedAt.getTime() !== decision.updatedMs);
    throw isStale ? staleTicket() : ticketNotReviewable();
  }
  if (decision.status === 2) {
    await moveCounters(tx, { priceId: changed.priceId, n: -1 });
    await moveCounters(tx, {
      activityId: changed.activityId,
      sourceId: changed.sourceId,
      agentId: changed.agentId,
      n: -1,
    });
  }
  if (notice) await queueReviewNotice(tx, notice, changed);
  return { before: ticket, after: changed };
}

/**
 * Queues the registrant's notice of a review (§4, `messages` catalogue `review.*`): an SMS to the
 * ticket's phone (else the account's) and an e-mail to the ticket's e-mail (else the account's), in
 * the account's language (English when it has none). A rejection carries its reason and, when the
 * activity lets the registrant resubmit, the resubmit line. Nothing is sent to a registrant with
 * neither a phone nor an e-mail.
 */
async function queueReviewNotice(tx: Database, deps: ReviewNoticeDeps, ticket: TicketRow): Promise<void> {
  const [user, activity, meeting] = await Promise.all([
    ticket.userId ? findUserById(tx, ticket.userId) : Promise.resolve(undefined),
    findActivity(tx, ticket.activityId),
    findMeetingById(tx, ticket.meetingId),
  ]);
  const phone = ticket.phone ?? user?.phone ?? null;
  const email = ticket.email ?? user?.email ?? null;
  // The review result is kept in the account's notification centre; mail / SMS only where wanted.
  const channels = user
    ? await notificationChannels(tx, user.id, 'registration.review')
    : { mail: true, sms: true };
  if (user) {
    await recordNotification(tx, {
      userId: user.id,
      meetingId: ticket.meetingId,
      kind: 'registration.review',
      values: {
        result: ticket.status !== 2 ? 'approved' : 'rejected',
        activity: activity ? localize(activity.title, user.language ?? 'en') : '',
        reason: ticket.reviewReason,
      },
      path: '/my/registration',
      query: { meeting_id: ticket.meetingId },
    });
  }
  if (!phone && !email) return;
  const language = user?.language ?? 'en';
  const catalogue = messageCatalogue(language);
  const english = messageCatalogue('en');
  const text = (key: keyof NonNullable<typeof english.review>) =>
    catalogue.review?.[key] ?? english.review?.[key] ?? '';
  const values = {
    activity: activity ? localize(activity.title, language) : '',
    meeting: meeting ? localize(meeting.title, language) : '',
    link: publicLink(deps.config, '/#/my/registration', { meeting_id: ticket.meetingId }),
    reason: ticket.reviewReason || '—',
  };
  const isApproved = ticket.status !== 2;
  let body = fill(text(isApproved ? 'approved' : 'rejected'), values);
  if (!isApproved && activity) {
    const state = registrationState({
      activity: registrationActivityOf(activity),
      ticket: { status: 2 },
      now: toUnixSeconds(new Date()),
    });
    if (state.canResubmit) body = `${body} ${fill(text('resubmit'), values)}`;
  }
  const subject = fill(text(isApproved ? 'approvedSubject' : 'rejectedSubject'), values);
  const queueDeps = { ...deps, db: tx };
  if (phone && channels.sms) {
    await queueSms(queueDeps, {
      message: { to: phone, text: body, templateParams: values },
      meetingId: ticket.meetingId,
    });
  }
  if (email && channels.mail) {
    await queueMail(queueDeps, { message: { to: email, subject, text: body }, meetingId: ticket.meetingId });
  }
}

/** Wakes the delivery worker after a review's transaction committed. */
export function wakeNotices(deps: Pick<ReviewNoticeDeps, 'jobs'>): void {
  deps.jobs.wake(deliverMessageJob);
}

/**
 * PUT /tickets/{id}/attends (§7 Tickets, §4): an organiser of the session's meeting approves (1) or
 * rejects (2, with a reason the registrant sees) a registration under review (0); see applyReview.
 * Audited in the write's transaction (registration.review, entity ticket) like the console's review.
 * @throws 403 no_permission (not an organiser); 404 not_found; 409 ticket.not_reviewable.
 */
export async function reviewTicket(
  deps: ReviewDeps,
  input: { userId: string; meetingId: string | null; ticketId: string; status: 1 | 2; reason?: string },
): Promise<Ticket> {
  const { db } = deps;
  await requireStaff(deps, input.userId, input.meetingId, 'registration.review');
  const ticket = await ticketOfMeeting(db, input.ticketId, input.meetingId);
  // Audited like the console's review (DESIGN §7): the same write, whichever call makes it.
  const after = await auditedWrite(
    db,
    {
      actorUserId: input.userId,
      meetingId: ticket.meetingId,
      action: 'registration.review',
      entity: 'ticket',
      entityId: ticket.id,
    },
    async (tx) => {
      const change = await applyReview(tx, deps, ticket, { status: input.status, reason: input.reason });
      const view = (row: TicketRow) => ({ status: row.status, review_reason: row.reviewReason });
      return { result: change.after, before: view(change.before), after: view(change.after) };
    },
  );
  wakeNotices(deps);
  const [wire] = await toWireTickets(db, [after], 'owner', false);
  return wire as Ticket;
}
