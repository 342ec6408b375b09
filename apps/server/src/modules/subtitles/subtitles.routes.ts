import {
  getConsoleLiveSubtitles as getConsoleLiveSubtitlesContract,
  getSubtitles,
  getSubtitlesVtt,
  updateConsoleLiveSubtitles as updateConsoleLiveSubtitlesContract,
} from '@app/contracts';
import webvtt from 'node-webvtt';
import type { App } from '../../app-types.ts';
import { requireUserId } from '../../plugins/auth.ts';
import { contractRoute } from '../../plugins/contract-route.ts';
import { meetingIdOfLive } from '../lives/lives.chat.repository.ts';
import { getConsoleLiveSubtitles, updateConsoleLiveSubtitles } from './subtitles.console.ts';
import { getSubtitlesOf, subtitleTrackOf } from './subtitles.service.ts';

/** A cue's text made safe for WebVTT: markup characters escaped, one line, no cue terminator. */
export function vttText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\s+/g, ' ').trim();
}

/** The WebVTT file of cues (seconds), in order; cues overlapping the previous one start at its end. */
export function compileVtt(cues: { start: number; end: number; text: string }[]): string {
  let lastStart = 0;
  return webvtt.compile({
    valid: true,
    cues: cues.map((cue, index) => {
      const start = Math.max(cue.start, lastStart);
      lastStart = start;
      return {
        identifier: String(index + 1),
        start,
        end: Math.max(cue.end, start + 0.001),
        text: vttText(cue.text) || '…',
        styles: '',
      };
    }),
  });
}

/**
 * Live subtitles (§7 GET /subtitles, GET /subtitles/vtt; §1 AI subtitles and translation) and the
 * console's subtitle settings of a live (lives.edit). Visitors read a public live's subtitles only
 * where the meeting allows guests (§2 routing rules, §6), as for its chat.
 */
export function subtitleRoutes(app: App): void {
  const { db, config, jobs } = app.deps;
  const deps = { db, config };
  const guestViewable = {
    isGuestViewable: true,
    guestMeetingOf: (request: { query: unknown }) =>
      meetingIdOfLive(db, String((request.query as { live_id?: string }).live_id ?? '')),
  } as const;

  app.route({
    ...contractRoute(getSubtitles),
    config: guestViewable,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getSubtitlesOf(deps, {
        liveId: request.query.live_id,
        language: request.query.language,
        after: request.query.after,
        userId: request.actor.userId,
      });
    },
  });
  app.route({
    ...contractRoute(getSubtitlesVtt),
    config: guestViewable,
    handler: async (request, reply) => {
      const cues = await subtitleTrackOf(deps, {
        liveId: request.query.live_id,
        language: request.query.language,
        userId: request.actor.userId,
      });
      reply.header('content-type', 'text/vtt; charset=utf-8');
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      return reply.send(compileVtt(cues));
    },
  });

  // ————— Console (lives.edit) —————
  const consoleDeps = { db, config, jobs };
  app.route({
    ...contractRoute(getConsoleLiveSubtitlesContract),
    config: { auth: 'required' },
    handler: async (request) =>
      getConsoleLiveSubtitles(consoleDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        liveId: request.params.id,
      }),
  });
  app.route({
    ...contractRoute(updateConsoleLiveSubtitlesContract),
    config: { auth: 'required' },
    handler: async (request) =>
      updateConsoleLiveSubtitles(consoleDeps, {
        userId: requireUserId(request),
        meetingId: request.params.meeting_id,
        liveId: request.params.id,
        body: request.body,
      }),
  });
}
