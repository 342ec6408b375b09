import { LiveError, liveLimits } from '@app/contracts';
import en from '@app/i18n/locales/en/messages.json' with { type: 'json' };
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { App } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { escapeHtml } from '../../plugins/dev-outbox.ts';
import { createMailProvider } from '../../providers/mail/create-mail-provider.ts';
import type { MailProvider } from '../../providers/mail/mail.ts';
import { createSmsProvider } from '../../providers/sms/create-sms-provider.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { fill, messageCatalogue, messageLanguage } from '../codes/codes.messages.ts';
import type { JobQueue, JobType } from '../jobs/jobs.service.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import { deliverMessageJob, queueMail, queueSms } from '../messages/messages.service.ts';
import { notificationChannels, recordNotification } from '../notifications/notifications.service.ts';
import { publicLink } from '../shared/public-links.ts';
import { liveMinutes } from '../subtitles/subtitles.tables.ts';
import { users } from '../users/users.tables.ts';
import { liveClock } from './lives.clock.ts';
import { findShownLive, liveBanned, livePermissionOf } from './lives.permission.ts';
import { liveUsers, liveViewers } from './lives.tables.ts';

/**
 * The lives' timed messages (§9): the reminder 10 minutes before the start (SMS, mail and an in-app
 * notice to every subscriber) and the replay/minutes mail after the end (to subscribers and logged-in
 * viewers). Both are jobs of the durable queue (DESIGN §9), enqueued by the console's create/update
 * transaction (`scheduleLiveJobs`) and by a late subscription (`enqueueReminderNow`).
 *
 * Exactly once: a job carries the start (or end) it was made for and does nothing when the live's
 * current one differs (rescheduled), when the live is deleted or hidden, or — for the reminder —
 * when the start has passed. Each recipient is marked (`live_users.reminded_at` / `replay_mailed_at`) in the
 * transaction that queues their messages, selected `FOR UPDATE SKIP LOCKED`: a job that runs again
 * after a restart, or two replicas running duplicates at once, never message anyone twice.
 */

/** A reminder job: the live and the start (unix milliseconds) it reminds of. */
export type LiveReminderData = { liveId: string; startMs: number };
/** A replay-mail job: the live and the end (unix milliseconds) it follows. */
export type LiveReplayMailData = { liveId: string; endMs: number };
/**
 * A minutes job: the live and the end (unix milliseconds) it follows; `regenerate` (the console's
 * call) writes them again for the live's current end and mails nobody.
 */
export type LiveMinutesData = { liveId: string; endMs: number; regenerate?: boolean };

/** The reminder 10 minutes before the start (§9); retried like a notice. */
export const liveReminderJob: JobType<LiveReminderData> = {
  name: 'lives-reminder',
  retryLimit: 4,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 300,
};

/** The replay/minutes mail after the end (§9: within 2 hours). */
export const liveReplayMailJob: JobType<LiveReplayMailData> = {
  name: 'lives-replay-mail',
  retryLimit: 4,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 300,
};

/**
 * The minutes of a live (§1), written from its transcript after the end (modules/subtitles,
 * minutes.jobs.ts): one chat request per language, so up to a few minutes.
 */
export const liveMinutesJob: JobType<LiveMinutesData> = {
  name: 'lives-minutes',
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 900,
};

/**
 * Minutes after the end the minutes job first runs: the subtitle worker publishes the last cue a
 * few seconds after the end (a segment of up to 12 s, then speech-to-text).
 */
export const minutesDelayMinutes = 1;

/** Recipients handled per transaction: each batch commits its marks with its messages. */
const batchSize = 100;

/**
 * A reminder sent this many minutes or less before a start counts as that start's: after a
 * reschedule to a later start the subscribers are reminded again, while a clock a little ahead of
 * the queue's never makes a second reminder for the same start.
 */
const reminderCoverMinutes = liveLimits.reminderMinutes + 5;

const minuteMs = 60_000;

/**
 * The singleton slot of jobs scheduled by subscriptions, in seconds: 12 hours, the longest pg-boss
 * allows (its archive interval). However many people subscribe, a (live, start) gets at most one
 * such job per slot; a second one in the next slot finds the recipients marked and sends nothing.
 */
const subscriptionSlotSeconds = 12 * 3600;

/**
 * Enqueues, in `tx` (the console's create/update transaction), the reminder at start − 10 minutes,
 * the minutes at end + {@link minutesDelayMinutes} (which mail the link as soon as they exist) and
 * the replay mail at end + liveLimits.replayMailMinutes (the §9 guarantee: it mails the link by end
 * + {@link replayWaitMinutes} at the latest) for the live's current start and end.
 * Jobs already queued for an older start/end find the mismatch and do nothing, and a second job for
 * the same start/end finds its recipients marked: every save may schedule. `options.dedupe` (the
 * subscription path) stores a (live, start/end) once per 12-hour slot instead. A reminder time
 * already past runs at once (and sends only while now < start). Call {@link wakeLiveJobs} after the
 * commit.
 */
export async function scheduleLiveJobs(
  tx: Database,
  jobs: JobQueue,
  live: { id: string; start: Date; end: Date },
  options: { dedupe?: boolean } = {},
): Promise<void> {
  const startMs = live.start.getTime();
  const endMs = live.end.getTime();
  const once = (key: string) =>
    options.dedupe ? { singletonKey: `${live.id}:${key}`, singletonSeconds: subscriptionSlotSeconds } : {};
  await jobs.enqueue(
    tx,
    liveReminderJob,
    { liveId: live.id, startMs },
    { startAfter: new Date(startMs - liveLimits.reminderMinutes * minuteMs), ...once(`start:${startMs}`) },
  );
  await jobs.enqueue(
    tx,
    liveMinutesJob,
    { liveId: live.id, endMs },
    { startAfter: new Date(endMs + minutesDelayMinutes * minuteMs), ...once(`minutes:${endMs}`) },
  );
  await jobs.enqueue(
    tx,
    liveReplayMailJob,
    { liveId: live.id, endMs },
    { startAfter: new Date(endMs + liveLimits.replayMailMinutes * minuteMs), ...once(`end:${endMs}`) },
  );
}

/**
 * The singleton slot, in seconds, of the reminders that subscriptions inside the last 10 minutes ask
 * for: one job per (live, start) per slot, however often people subscribe or toggle (§9).
 */
export const reminderNowSlotSeconds = 5;

/**
 * Enqueues in `tx` a reminder for the live's `start` (a subscription inside the last 10 minutes, §9):
 * at most one job per live and start per {@link reminderNowSlotSeconds}-second slot (singleton key
 * `<live id>:now:<start ms>`), due one slot and a second from now — after the slot it holds has
 * closed, so a subscriber whose enqueue the slot absorbed has committed before that job reads the
 * subscribers (it reminds everyone due, not only the caller). The reminder thus leaves within about
 * 6 s (queue time, not the lives' clock).
 */
export async function enqueueReminderNow(
  tx: Database,
  jobs: JobQueue,
  live: { id: string; start: Date },
): Promise<void> {
  const startMs = live.start.getTime();
  await jobs.enqueue(
    tx,
    liveReminderJob,
    { liveId: live.id, startMs },
    {
      startAfter: new Date(Date.now() + (reminderNowSlotSeconds + 1) * 1000),
      singletonKey: `${live.id}:now:${startMs}`,
      singletonSeconds: reminderNowSlotSeconds,
    },
  );
}

/** Makes this process's lives workers poll now (after a commit that scheduled or enqueued). */
export function wakeLiveJobs(jobs: JobQueue): void {
  jobs.wake(liveReminderJob);
  jobs.wake(liveMinutesJob);
  jobs.wake(liveReplayMailJob);
}

/** Database, PUBLIC_URL (links), the queue and the providers (their names go on outbox rows). */
export type LiveMailDeps = {
  db: Database;
  config: Pick<Config, 'PUBLIC_URL'>;
  jobs: JobQueue;
  sms: Pick<SmsProvider, 'name'>;
  mail: Pick<MailProvider, 'name'>;
};

type LiveTexts = typeof en.live;

/** The live's title in `language`, else English, else the first one. */
function titleIn(title: Record<string, string> | string, language: string): string {
  if (typeof title === 'string') return title;
  return title[language] || title.en || Object.values(title).find(Boolean) || '';
}

/**
 * The room's minutes tab (§1 minutes):
 * `${PUBLIC_URL}/#/meeting/live/detail?live_id=…&meeting_id=…&tab=minutes`.
 */
export function liveMinutesLink(
  config: Pick<Config, 'PUBLIC_URL'>,
  live: { id: string; meetingId: string },
): string {
  return publicLink(config, '/#/meeting/live/detail', {
    live_id: live.id,
    meeting_id: live.meetingId,
    tab: 'minutes',
  });
}

/** Whether the live has minutes in some language (§1). */
async function minutesExist(db: Database, liveId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(liveMinutes)
    .where(eq(liveMinutes.liveId, liveId))
    .limit(1);
  return row !== undefined;
}

/** The room: `${PUBLIC_URL}/#/meeting/live/detail?live_id=…&meeting_id=…` (it shows the replay once set). */
export function liveRoomLink(
  config: Pick<Config, 'PUBLIC_URL'>,
  live: { id: string; meetingId: string },
): string {
  return publicLink(config, '/#/meeting/live/detail', { live_id: live.id, meeting_id: live.meetingId });
}

/**
 * The live's start in the meeting's zone, in `language`, with the zone's name, e.g.
 * 'Nov 26, 2026, 9:00 PM (Asia/Shanghai)' (§2 time rule: the meeting's zone, never the reader's).
 */
export function formatLiveStart(start: Date, timeZone: string, language: string): string {
  const options = { timeZone, dateStyle: 'medium', timeStyle: 'short' } as const;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(language, options);
  } catch {
    format = new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' });
  }
  return `${format.format(start)} (${format.resolvedOptions().timeZone})`;
}

/** A text of the `live` messages section in `language`, English where it is missing. */
function liveText(language: string, key: keyof LiveTexts, values: Record<string, string>): string {
  const texts: Partial<LiveTexts> = messageCatalogue(language).live ?? {};
  return fill(texts[key] ?? en.live[key], values);
}

/**
 * A plain mail page in `language` (right-to-left for Arabic): each of `lines` a paragraph, then the
 * room `link` as a clickable address (kept left-to-right inside Arabic text).
 */
function mailHtml(language: string, lines: string[], link: string): string {
  return `<!doctype html><html lang="${escapeHtml(language)}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><body style="font-family:system-ui,sans-serif;color:#222">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(link)}</a></p>
</body></html>`;
}

type LiveOfJob = {
  id: string;
  meetingId: string;
  title: Record<string, string> | string;
  start: Date;
  end: Date;
  replayUrl: string;
  deleted: number;
  enableShow: number;
  timeZone: string;
};

/** The live with its meeting's zone, read in `tx` under a share lock (a concurrent edit waits). */
async function lockLiveOfJob(tx: Database, liveId: string): Promise<LiveOfJob | null> {
  const [row] = await tx
    .select({
      id: lives.id,
      meetingId: lives.meetingId,
      title: lives.title,
      start: lives.start,
      end: lives.end,
      replayUrl: lives.replayUrl,
      deleted: lives.deleted,
      enableShow: lives.enableShow,
      timeZone: meetings.timeZone,
    })
    .from(lives)
    .innerJoin(meetings, eq(meetings.id, lives.meetingId))
    .where(eq(lives.id, liveId))
    .for('share', { of: lives });
  return (row as LiveOfJob | undefined) ?? null;
}

type Recipient = { userId: string; phone: string | null; email: string | null; language: string | null };

/**
 * One batch of the reminder in one transaction: the live still starts at `data.startMs`, is neither
 * deleted nor hidden (enable_show 0) and has not started; up to {@link batchSize} subscribers not
 * banned and not yet reminded for this start are locked (SKIP LOCKED), marked, and sent the in-app notice, the SMS and the mail
 * their preferences for 'live.reminder' allow. Answers how many were reminded (0: done).
 */
async function remindBatch(deps: LiveMailDeps, data: LiveReminderData): Promise<number> {
  return inTransaction(deps.db, async (tx) => {
    const live = await lockLiveOfJob(tx, data.liveId);
    const now = liveClock.now();
    if (
      live?.deleted !== 0 ||
      live.enableShow !== 1 ||
      live.start.getTime() !== data.startMs ||
      now >= live.start
    )
      return 0;
    const coveredSince = new Date(data.startMs - reminderCoverMinutes * minuteMs);
    const due: Recipient[] = await tx
      .select({ userId: liveUsers.userId, phone: users.phone, email: users.email, language: users.language })
      .from(liveUsers)
      .innerJoin(users, eq(users.id, liveUsers.userId))
      .where(
        and(
          eq(liveUsers.liveId, live.id),
          eq(liveUsers.subscribed, 1),
          eq(liveUsers.banned, 0),
          or(isNull(liveUsers.remindedAt), lt(liveUsers.remindedAt, coveredSince)),
          eq(users.deleted, 0),
          isNull(users.disabledAt),
        ),
      )
      .limit(batchSize)
      .for('update', { of: liveUsers, skipLocked: true });
    if (due.length === 0) return 0;
    await tx
      .update(liveUsers)
      .set({ remindedAt: now })
      .where(
        and(
          eq(liveUsers.liveId, live.id),
          inArray(
            liveUsers.userId,
            due.map((recipient) => recipient.userId),
          ),
        ),
      );
    const link = liveRoomLink(deps.config, live);
    const minutes = String(Math.max(1, Math.ceil((live.start.getTime() - now.getTime()) / minuteMs)));
    for (const recipient of due) {
      const language = messageLanguage(recipient.language);
      const values = {
        live: titleIn(live.title, language),
        minutes,
        time: formatLiveStart(live.start, live.timeZone, language),
        link,
      };
      await recordNotification(tx, {
        userId: recipient.userId,
        meetingId: live.meetingId,
        kind: 'live.reminder',
        values: { live: values.live },
        path: '/meeting/live/detail',
        query: { live_id: live.id, meeting_id: live.meetingId },
      });
      const channels = await notificationChannels(tx, recipient.userId, 'live.reminder');
      const txDeps = { ...deps, db: tx };
      if (recipient.phone && channels.sms) {
        await queueSms(txDeps, {
          message: {
            to: recipient.phone,
            text: liveText(language, 'reminderSms', values),
            template: 'live',
            templateParams: { live: values.live.slice(0, 20), minutes },
          },
          meetingId: live.meetingId,
        });
      }
      if (recipient.email && channels.mail) {
        const body = liveText(language, 'reminder', values);
        const lines = [body, liveText(language, 'link', values)];
        await queueMail(txDeps, {
          message: {
            to: recipient.email,
            subject: liveText(language, 'reminderSubject', values),
            text: `${lines.join('\n\n')}\n`,
            html: mailHtml(language, [body], link),
          },
          meetingId: live.meetingId,
        });
      }
    }
    return due.length;
  });
}

/**
 * The reminder job's handler (§9): reminds every due subscriber of the live, a batch per
 * transaction, then wakes the delivery worker. Answers how many were reminded.
 */
export async function sendLiveReminders(deps: LiveMailDeps, data: LiveReminderData): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await remindBatch(deps, data);
    total += count;
    if (count < batchSize) break;
  }
  if (total > 0) deps.jobs.wake(deliverMessageJob);
  return total;
}

/**
 * One batch of the replay mail in one transaction: the live still ends at `data.endMs`, is neither
 * deleted nor hidden and has ended; logged-in viewers get a live_users row (so they can be marked),
 * then up to {@link batchSize} subscribers and viewers with an e-mail, not banned and not mailed yet, are locked,
 * marked and mailed — once the live has minutes, "the minutes are ready" with the link to the room's
 * minutes tab (and "the replay is there too" when replay_url is set); without minutes, the room link
 * with the replay text when replay_url is set, else "ended, the replay will follow" — as their mail
 * preference for 'live.reminder' allows. Answers how many were marked.
 */
async function replayMailBatch(deps: LiveMailDeps, data: LiveReplayMailData): Promise<number> {
  return inTransaction(deps.db, async (tx) => {
    const live = await lockLiveOfJob(tx, data.liveId);
    const now = liveClock.now();
    if (live?.deleted !== 0 || live.enableShow !== 1 || live.end.getTime() !== data.endMs || now < live.end)
      return 0;
    // Viewers who were logged in become live_users rows, where their mail is marked once.
    await tx.execute(sql`
      insert into ${liveUsers} (live_id, user_id)
      select distinct ${liveViewers.liveId}, ${liveViewers.userId} from ${liveViewers}
      where ${liveViewers.liveId} = ${live.id} and ${liveViewers.userId} is not null
      on conflict do nothing`);
    const due: Recipient[] = await tx
      .select({ userId: liveUsers.userId, phone: users.phone, email: users.email, language: users.language })
      .from(liveUsers)
      .innerJoin(users, eq(users.id, liveUsers.userId))
      .where(
        and(
          eq(liveUsers.liveId, live.id),
          eq(liveUsers.banned, 0),
          isNull(liveUsers.replayMailedAt),
          isNotNull(users.email),
          eq(users.deleted, 0),
          isNull(users.disabledAt),
          or(
            eq(liveUsers.subscribed, 1),
            sql`exists (select 1 from ${liveViewers} where ${liveViewers.liveId} = ${live.id} and ${liveViewers.userId} = ${liveUsers.userId})`,
          ),
        ),
      )
      .limit(batchSize)
      .for('update', { of: liveUsers, skipLocked: true });
    if (due.length === 0) return 0;
    await tx
      .update(liveUsers)
      .set({ replayMailedAt: now })
      .where(
        and(
          eq(liveUsers.liveId, live.id),
          inArray(
            liveUsers.userId,
            due.map((recipient) => recipient.userId),
          ),
        ),
      );
    const hasMinutes = await minutesExist(tx, live.id);
    const link = hasMinutes ? liveMinutesLink(deps.config, live) : liveRoomLink(deps.config, live);
    const hasReplay = live.replayUrl !== '';
    for (const recipient of due) {
      if (!recipient.email) continue;
      const channels = await notificationChannels(tx, recipient.userId, 'live.reminder');
      if (!channels.mail) continue;
      const language = messageLanguage(recipient.language);
      const values = { live: titleIn(live.title, language), link };
      const body = hasMinutes
        ? [
            liveText(language, 'minutes', values),
            ...(hasReplay ? [liveText(language, 'minutesReplay', values)] : []),
          ].join(' ')
        : liveText(language, hasReplay ? 'replay' : 'ended', values);
      const subjectKey = hasMinutes ? 'minutesSubject' : hasReplay ? 'replaySubject' : 'endedSubject';
      const lines = [body, liveText(language, 'link', values)];
      await queueMail(
        { ...deps, db: tx },
        {
          message: {
            to: recipient.email,
            subject: liveText(language, subjectKey, values),
            text: `${lines.join('\n\n')}\n`,
            html: mailHtml(language, [body], link),
          },
          meetingId: live.meetingId,
        },
      );
    }
    return due.length;
  });
}

/**
 * Minutes after the end the replay mail waits at most for the organiser to add the recording
 * (replay_url): §9 wants the link mailed within 2 hours of the end, so at end + 90 minutes it goes
 * out anyway, saying the replay will appear on the live's page.
 */
export const replayWaitMinutes = 90;

/**
 * When the live still has neither minutes nor a recording and the wait is not over: enqueues the
 * next look (30 minutes later, at the latest at end + {@link replayWaitMinutes}) and answers true —
 * this run sends nothing. Minutes mail at once: their job enqueues this one as soon as they exist.
 */
async function deferForReplay(deps: LiveMailDeps, data: LiveReplayMailData): Promise<boolean> {
  const [live] = await deps.db
    .select({ replayUrl: lives.replayUrl, end: lives.end, deleted: lives.deleted })
    .from(lives)
    .where(eq(lives.id, data.liveId))
    .limit(1);
  if (live?.deleted !== 0 || live.end.getTime() !== data.endMs || live.replayUrl !== '') return false;
  if (await minutesExist(deps.db, data.liveId)) return false;
  const lastLook = data.endMs + replayWaitMinutes * minuteMs;
  const now = liveClock.now().getTime();
  // Before the end the batch refuses anyway; after the wait the mail goes out without the replay.
  if (now < data.endMs || now >= lastLook) return false;
  const nextLook = Math.min(now + liveLimits.replayMailMinutes * minuteMs, lastLook);
  await deps.jobs.enqueue(deps.db, liveReplayMailJob, data, { startAfter: new Date(nextLook) });
  return true;
}

/**
 * The replay/minutes mail job's handler (§9): mails every due recipient, a batch per transaction —
 * the minutes link once the live has minutes, else the "watch the replay" text once it has a
 * recording; with neither it looks again every 30 minutes up to end + 90 minutes, then sends the
 * "ended, the replay will follow" text. Enqueued by the console's save (end + 30 minutes) and by the
 * minutes job when the minutes are written. Answers how many recipients were handled by this run.
 */
export async function sendLiveReplayMails(deps: LiveMailDeps, data: LiveReplayMailData): Promise<number> {
  if (await deferForReplay(deps, data)) return 0;
  let total = 0;
  for (;;) {
    const count = await replayMailBatch(deps, data);
    total += count;
    if (count < batchSize) break;
  }
  if (total > 0) deps.jobs.wake(deliverMessageJob);
  return total;
}

/** 409 live.already_started: the reminder of a live that has started cannot be asked for (§9). */
export const liveAlreadyStarted = () =>
  new AppError(409, LiveError.alreadyStarted, 'This live has already started');

/**
 * PUT /lives/{id}/subscription (§9): turns the caller's reminder on (1) or off (0). Any logged-in user
 * who can see the live may ask for it (watching may still need a registration or a pass by then);
 * not a banned one. Subscribing inside the last 10 minutes before the start queues the reminder at
 * once; earlier, it makes sure the live's reminder job exists (lives saved before the jobs existed).
 * A reminder already sent for this start is not sent again after an off/on. Output: { subscribed }.
 * @throws 404 not_found (unknown, deleted or hidden live); 403 live.banned; 409 live.already_started
 *   (subscribing at or after the start; unsubscribing is always allowed).
 */
export async function setLiveSubscription(
  deps: { db: Database; config: Config; jobs: JobQueue },
  input: { liveId: string; userId: string; subscribed: 0 | 1 },
): Promise<{ subscribed: 0 | 1 }> {
  const live = await findShownLive(deps.db, input.liveId);
  if (!live) throw notFound('Live');
  const access = await livePermissionOf(deps, live, { userId: input.userId });
  if (access.reason === 'banned') throw liveBanned();
  const now = liveClock.now();
  if (input.subscribed === 1 && now >= live.start) throw liveAlreadyStarted();
  await inTransaction(deps.db, async (tx) => {
    await tx
      .insert(liveUsers)
      .values({ liveId: live.id, userId: input.userId, subscribed: input.subscribed, subscribedAt: now })
      .onConflictDoUpdate({
        target: [liveUsers.liveId, liveUsers.userId],
        set: input.subscribed === 1 ? { subscribed: 1, subscribedAt: now } : { subscribed: 0 },
      });
    if (input.subscribed !== 1) return;
    if (now.getTime() >= live.start.getTime() - liveLimits.reminderMinutes * minuteMs) {
      await enqueueReminderNow(tx, deps.jobs, live);
    } else {
      await scheduleLiveJobs(tx, deps.jobs, live, { dedupe: true });
    }
  });
  if (input.subscribed === 1) wakeLiveJobs(deps.jobs);
  return { subscribed: input.subscribed };
}

/**
 * The lives module's workers (DESIGN §9): the reminder and the replay/minutes mail (the minutes
 * job's worker is modules/subtitles/minutes.jobs.ts). Called once in app.ts.
 */
export function liveJobs(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps: LiveMailDeps = {
    db,
    config,
    jobs,
    sms: createSmsProvider(config),
    mail: createMailProvider(config),
  };
  jobs.work(liveReminderJob, async (data) => {
    await sendLiveReminders(deps, data);
  });
  jobs.work(liveReplayMailJob, async (data) => {
    await sendLiveReplayMails(deps, data);
  });
}
