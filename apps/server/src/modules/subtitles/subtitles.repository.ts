import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { lives } from '../agendas/agendas.tables.ts';
import {
  liveSubtitleCues,
  liveSubtitleLanguages,
  liveSubtitleRuns,
  liveSubtitleSettings,
  liveSubtitleTranslations,
} from './subtitles.tables.ts';

/**
 * Storage of live subtitles (§1): settings, the worker's lease (live_subtitle_runs), cues, their
 * cached translations and the languages viewers picked. Lease times are the database's clock, so
 * replicas with skewed clocks agree on who holds a live.
 */

export type SubtitleSettingsRow = typeof liveSubtitleSettings.$inferSelect;
export type SubtitleRunRow = typeof liveSubtitleRuns.$inferSelect;
export type SubtitleCueRow = typeof liveSubtitleCues.$inferSelect;

/** Seconds after its last heartbeat a running lease may be taken over. */
export const leaseStaleSeconds = 30;

/** The live's subtitle settings, or null when never saved (subtitles off). */
export async function findSubtitleSettings(
  db: Database,
  liveId: string,
): Promise<SubtitleSettingsRow | null> {
  const [row] = await db
    .select()
    .from(liveSubtitleSettings)
    .where(eq(liveSubtitleSettings.liveId, liveId))
    .limit(1);
  return row ?? null;
}

/** Inserts or replaces the settings of a live; answers the stored row. */
export async function saveSubtitleSettings(
  db: Database,
  values: {
    liveId: string;
    enabled: 0 | 1;
    sourceLanguage: string;
    targetLanguages: string[];
    updatedBy: string;
  },
): Promise<SubtitleSettingsRow> {
  const now = new Date();
  const [row] = await db
    .insert(liveSubtitleSettings)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: liveSubtitleSettings.liveId,
      set: {
        enabled: values.enabled,
        sourceLanguage: values.sourceLanguage,
        targetLanguages: values.targetLanguages,
        updatedBy: values.updatedBy,
        updatedAt: now,
      },
    })
    .returning();
  return row as SubtitleSettingsRow;
}

/** The worker's run of a live, or null when none ever ran. */
export async function findSubtitleRun(db: Database, liveId: string): Promise<SubtitleRunRow | null> {
  const [row] = await db.select().from(liveSubtitleRuns).where(eq(liveSubtitleRuns.liveId, liveId)).limit(1);
  return row ?? null;
}

/**
 * Takes the live's lease for `workerId` in one conditional upsert: granted when there is no run, it
 * is 'idle', it is 'running' or 'failed' with a heartbeat older than {@link leaseStaleSeconds}, or it
 * is already this worker's. An 'ended' run is not taken (the organiser re-enables to reset it).
 * Answers the run when granted, else null — two replicas racing get one row between them.
 */
export async function acquireSubtitleLease(
  db: Database,
  liveId: string,
  workerId: string,
): Promise<SubtitleRunRow | null> {
  const stale = sql`now() - make_interval(secs => ${leaseStaleSeconds})`;
  const [row] = await db
    .insert(liveSubtitleRuns)
    .values({
      liveId,
      state: 'running',
      workerId,
      heartbeatAt: sql`now()`,
      startedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: liveSubtitleRuns.liveId,
      set: {
        state: 'running',
        workerId,
        heartbeatAt: sql`now()`,
        startedAt: sql`coalesce(${liveSubtitleRuns.startedAt}, now())`,
        error: '',
        updatedAt: sql`now()`,
      },
      setWhere: or(
        eq(liveSubtitleRuns.state, 'idle'),
        and(
          inArray(liveSubtitleRuns.state, ['running', 'failed']),
          or(isNull(liveSubtitleRuns.heartbeatAt), lt(liveSubtitleRuns.heartbeatAt, stale)),
        ),
        and(eq(liveSubtitleRuns.state, 'running'), eq(liveSubtitleRuns.workerId, workerId)),
      ),
    })
    .returning();
  return row ?? null;
}

/** Renews the lease (every 10 s); false when it is no longer this worker's (taken over or reset). */
export async function renewSubtitleLease(
  db: Database,
  liveId: string,
  workerId: string,
  offsetMs: number,
): Promise<boolean> {
  const rows = await db
    .update(liveSubtitleRuns)
    .set({ heartbeatAt: sql`now()`, offsetMs, updatedAt: sql`now()` })
    .where(
      and(
        eq(liveSubtitleRuns.liveId, liveId),
        eq(liveSubtitleRuns.workerId, workerId),
        eq(liveSubtitleRuns.state, 'running'),
      ),
    )
    .returning({ liveId: liveSubtitleRuns.liveId });
  return rows.length > 0;
}

/**
 * Gives the lease up with its final state ('idle' when stopped, 'ended' when the live or its stream
 * ended, 'failed' with the error; a 'failed' run is retried after {@link leaseStaleSeconds}).
 */
export async function releaseSubtitleLease(
  db: Database,
  liveId: string,
  workerId: string,
  outcome: { state: 'idle' | 'ended' | 'failed'; offsetMs: number; error?: string },
): Promise<void> {
  await db
    .update(liveSubtitleRuns)
    .set({
      state: outcome.state,
      offsetMs: outcome.offsetMs,
      error: (outcome.error ?? '').slice(0, 500),
      heartbeatAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(liveSubtitleRuns.liveId, liveId), eq(liveSubtitleRuns.workerId, workerId)));
}

/** Puts a live's run back to 'idle' (re-enabled by the organiser): the next start transcribes again. */
export async function resetSubtitleRun(db: Database, liveId: string): Promise<void> {
  await db
    .update(liveSubtitleRuns)
    .set({ state: 'idle', error: '', updatedAt: sql`now()` })
    .where(and(eq(liveSubtitleRuns.liveId, liveId), inArray(liveSubtitleRuns.state, ['ended', 'failed'])));
}

/**
 * Lives that need a worker now: subtitles enabled, not deleted, start ≤ `now` < end, and their run
 * absent, idle, or running/failed with a stale heartbeat. At most `limit` ids.
 */
export async function livesNeedingWorker(db: Database, now: Date, limit = 50): Promise<string[]> {
  const stale = sql`now() - make_interval(secs => ${leaseStaleSeconds})`;
  const rows = await db
    .select({ liveId: liveSubtitleSettings.liveId })
    .from(liveSubtitleSettings)
    .innerJoin(lives, eq(lives.id, liveSubtitleSettings.liveId))
    .leftJoin(liveSubtitleRuns, eq(liveSubtitleRuns.liveId, liveSubtitleSettings.liveId))
    .where(
      and(
        eq(liveSubtitleSettings.enabled, 1),
        eq(lives.deleted, 0),
        sql`${lives.start} <= ${now}`,
        sql`${lives.end} > ${now}`,
        or(
          isNull(liveSubtitleRuns.liveId),
          eq(liveSubtitleRuns.state, 'idle'),
          and(
            inArray(liveSubtitleRuns.state, ['running', 'failed']),
            or(isNull(liveSubtitleRuns.heartbeatAt), lt(liveSubtitleRuns.heartbeatAt, stale)),
          ),
        ),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.liveId);
}

/** The live's last cue (highest seq), or null. */
export async function lastCueOf(db: Database, liveId: string): Promise<SubtitleCueRow | null> {
  const [row] = await db
    .select()
    .from(liveSubtitleCues)
    .where(eq(liveSubtitleCues.liveId, liveId))
    .orderBy(desc(liveSubtitleCues.seq))
    .limit(1);
  return row ?? null;
}

/** Cue count of a live. */
export async function cueCountOf(db: Database, liveId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(liveSubtitleCues)
    .where(eq(liveSubtitleCues.liveId, liveId));
  return Number(row?.n ?? 0);
}

/**
 * Stores a cue with the next seq of the live (max + 1, computed in the insert; the unique
 * (live_id, seq) refuses a duplicate were two writers ever to race).
 */
export async function insertCue(
  db: Database,
  values: {
    liveId: string;
    startMs: number;
    endMs: number;
    language: string;
    text: string;
    audioEndAt: Date;
  },
): Promise<SubtitleCueRow> {
  const nextSeq = sql<number>`(select coalesce(max(${liveSubtitleCues.seq}), 0) + 1 from ${liveSubtitleCues} where ${liveSubtitleCues.liveId} = ${values.liveId})`;
  const [row] = await db
    .insert(liveSubtitleCues)
    .values({ id: newId(), ...values, seq: nextSeq })
    .returning();
  return row as SubtitleCueRow;
}

/** Cues of a live after `afterSeq`, oldest first, at most `limit`. */
export async function cuesAfter(
  db: Database,
  liveId: string,
  afterSeq: number,
  limit: number,
): Promise<SubtitleCueRow[]> {
  return db
    .select()
    .from(liveSubtitleCues)
    .where(and(eq(liveSubtitleCues.liveId, liveId), gt(liveSubtitleCues.seq, afterSeq)))
    .orderBy(asc(liveSubtitleCues.seq))
    .limit(limit);
}

/** Cached translations of `cueIds` into `language`: cue id → text. */
export async function translationsOf(
  db: Database,
  cueIds: string[],
  language: string,
): Promise<Map<string, string>> {
  if (cueIds.length === 0) return new Map();
  const rows = await db
    .select({ cueId: liveSubtitleTranslations.cueId, text: liveSubtitleTranslations.text })
    .from(liveSubtitleTranslations)
    .where(
      and(inArray(liveSubtitleTranslations.cueId, cueIds), eq(liveSubtitleTranslations.language, language)),
    );
  return new Map(rows.map((row) => [row.cueId, row.text]));
}

/** Caches a translation; the first stored one wins (answers the text kept). */
export async function saveTranslation(
  db: Database,
  values: { cueId: string; language: string; text: string },
): Promise<string> {
  const [row] = await db
    .insert(liveSubtitleTranslations)
    .values(values)
    .onConflictDoNothing()
    .returning({ text: liveSubtitleTranslations.text });
  if (row) return row.text;
  const kept = await translationsOf(db, [values.cueId], values.language);
  return kept.get(values.cueId) ?? values.text;
}

/** Records that a viewer asked for `language` now (the worker translates new cues into it for 2 minutes). */
export async function touchSubtitleLanguage(db: Database, liveId: string, language: string): Promise<void> {
  await db
    .insert(liveSubtitleLanguages)
    .values({ liveId, language, requestedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [liveSubtitleLanguages.liveId, liveSubtitleLanguages.language],
      set: { requestedAt: sql`now()` },
    });
}

/** Languages viewers of the live asked for within the last `seconds`. */
export async function recentSubtitleLanguages(
  db: Database,
  liveId: string,
  seconds: number,
): Promise<string[]> {
  const rows = await db
    .select({ language: liveSubtitleLanguages.language })
    .from(liveSubtitleLanguages)
    .where(
      and(
        eq(liveSubtitleLanguages.liveId, liveId),
        sql`${liveSubtitleLanguages.requestedAt} > now() - make_interval(secs => ${seconds})`,
      ),
    );
  return rows.map((row) => row.language);
}
