import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { lives } from '../agendas/agendas.tables.ts';
import { meetings } from '../meetings/meetings.tables.ts';
import {
  type LiveMinutesBody,
  liveMinutes,
  liveSubtitleCues,
  liveSubtitleRuns,
  liveSubtitleSettings,
} from './subtitles.tables.ts';

/**
 * Reads and writes of live minutes (§1 minutes): the live with its meeting's languages, the
 * transcript (live_subtitle_cues, written by the subtitle worker), the minutes rows.
 */

/** Cues read for minutes at most: about 40 hours of speech at one cue every 3 s. */
export const transcriptCueLimit = 50_000;

/** The live a minutes job or read is about, with its meeting's language switches. */
export type MinutesLive = {
  id: string;
  meetingId: string;
  end: Date;
  deleted: number;
  enableShow: number;
  meetingLanguages: Record<string, unknown> | null;
};

/** The live and its meeting's `config.language` map, or null when there is no such live. */
export async function findMinutesLive(db: Database, liveId: string): Promise<MinutesLive | null> {
  const [row] = await db
    .select({
      id: lives.id,
      meetingId: lives.meetingId,
      end: lives.end,
      deleted: lives.deleted,
      enableShow: lives.enableShow,
      config: meetings.config,
    })
    .from(lives)
    .innerJoin(meetings, eq(meetings.id, lives.meetingId))
    .where(eq(lives.id, liveId))
    .limit(1);
  if (!row) return null;
  const config = row.config as { language?: Record<string, unknown> } | null;
  const { config: _config, ...live } = row;
  return { ...live, meetingLanguages: config?.language ?? null };
}

/** The transcript: cue texts and languages in spoken order (seq), at most {@link transcriptCueLimit}. */
export async function transcriptOf(
  db: Database,
  liveId: string,
): Promise<{ text: string; language: string }[]> {
  return db
    .select({ text: liveSubtitleCues.text, language: liveSubtitleCues.language })
    .from(liveSubtitleCues)
    .where(eq(liveSubtitleCues.liveId, liveId))
    .orderBy(asc(liveSubtitleCues.seq))
    .limit(transcriptCueLimit);
}

/** Whether the live has any cue. */
export async function hasTranscript(db: Database, liveId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(liveSubtitleCues)
    .where(eq(liveSubtitleCues.liveId, liveId))
    .limit(1);
  return row !== undefined;
}

/** The language the organiser said is spoken (live_subtitle_settings), or null without settings. */
export async function sourceLanguageOf(db: Database, liveId: string): Promise<string | null> {
  const [row] = await db
    .select({ language: liveSubtitleSettings.sourceLanguage })
    .from(liveSubtitleSettings)
    .where(eq(liveSubtitleSettings.liveId, liveId))
    .limit(1);
  return row?.language ?? null;
}

/** The subtitle worker's lease of the live (state and last heartbeat), or null. */
export async function subtitleRunOf(
  db: Database,
  liveId: string,
): Promise<{ state: string; heartbeatAt: Date | null } | null> {
  const [row] = await db
    .select({ state: liveSubtitleRuns.state, heartbeatAt: liveSubtitleRuns.heartbeatAt })
    .from(liveSubtitleRuns)
    .where(eq(liveSubtitleRuns.liveId, liveId))
    .limit(1);
  return row ?? null;
}

export type MinutesRow = typeof liveMinutes.$inferSelect;

/** The live's minutes, one row per language, oldest first. */
export async function minutesOf(db: Database, liveId: string): Promise<MinutesRow[]> {
  return db
    .select()
    .from(liveMinutes)
    .where(eq(liveMinutes.liveId, liveId))
    .orderBy(asc(liveMinutes.createdAt), asc(liveMinutes.language));
}

/** Whether the live has minutes in any language. */
export async function hasMinutes(db: Database, liveId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(liveMinutes)
    .where(eq(liveMinutes.liveId, liveId))
    .limit(1);
  return row !== undefined;
}

/** Minutes of one language ready to store. */
export type NewMinutes = { language: string; engine: 'model' | 'extractive'; body: LiveMinutesBody };

/**
 * Stores the live's minutes in `tx`: one row per language (insert or replace, on the unique
 * (live_id, language)), and removes the languages no longer written. Answers whether the live had
 * no minutes before (the first write, which mails the link).
 */
export async function saveMinutes(
  tx: Database,
  liveId: string,
  rows: readonly NewMinutes[],
  cueCount: number,
): Promise<boolean> {
  const hadMinutes = await hasMinutes(tx, liveId);
  const now = new Date();
  for (const row of rows) {
    await tx
      .insert(liveMinutes)
      .values({ id: newId(), liveId, language: row.language, engine: row.engine, body: row.body, cueCount })
      .onConflictDoUpdate({
        target: [liveMinutes.liveId, liveMinutes.language],
        set: { engine: row.engine, body: row.body, cueCount, createdAt: now, updatedAt: now },
      });
  }
  if (rows.length > 0) {
    await tx.delete(liveMinutes).where(
      and(
        eq(liveMinutes.liveId, liveId),
        notInArray(
          liveMinutes.language,
          rows.map((row) => row.language),
        ),
      ),
    );
  }
  return !hadMinutes;
}
