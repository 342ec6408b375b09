import type { flushCoverShows } from '@app/contracts';
import { api, fillPath } from './api/api.ts';
import { readStored, writeStored } from './storage.ts';

/**
 * Cover show counts stored on the device and flushed (§9 "Show-total cover counts are stored locally
 * and flushed", §7 PUT covers show_total): each display of a meeting's cover adds 1 to a counter in
 * localStorage under `cover-shows:<meeting id>` (the hero does it: countCoverShow here does the same);
 * this module, loaded a while after the page, sends every stored counter in one PUT per meeting at
 * once, then every minute, when the page is hidden and when it is left. A count is taken off the
 * device only after the server stored it, so a failed or interrupted flush loses nothing.
 */

const prefix = 'cover-shows:';
const flushIntervalMs = 60_000;
/** Most shows one PUT may carry (the server's limit). */
const maxPerFlush = 10_000;

function countOf(meetingId: string): number {
  const value = Number(readStored(prefix + meetingId) ?? '0');
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

const known = new Set<string>();
const inFlight = new Set<string>();
let isListening = false;

/** Sends one meeting's stored count, then subtracts what the server took. */
async function flushMeeting(meetingId: string): Promise<void> {
  const count = Math.min(countOf(meetingId), maxPerFlush);
  if (count === 0 || inFlight.has(meetingId)) return;
  inFlight.add(meetingId);
  try {
    await api.put(fillPath<typeof flushCoverShows>('/meetings/:id/covers/show_total', { id: meetingId }), {
      show_total: count,
      user_id: '',
    });
    // Shows counted while the request was out stay for the next flush.
    writeStored(prefix + meetingId, String(Math.max(0, countOf(meetingId) - count)));
  } catch {
    // Kept on the device; the next flush sends it.
  } finally {
    inFlight.delete(meetingId);
  }
}

/** The meetings with a stored counter on this device. */
function storedMeetings(): string[] {
  try {
    return Object.keys(localStorage)
      .filter((key) => key.startsWith(prefix))
      .map((key) => key.slice(prefix.length));
  } catch {
    return [];
  }
}

/** Flushes every meeting's stored cover shows (now). */
export function flushCoverShowCounts(): void {
  for (const meetingId of new Set([...known, ...storedMeetings()])) void flushMeeting(meetingId);
}

function listen(): void {
  if (isListening || typeof window === 'undefined') return;
  isListening = true;
  window.setInterval(flushCoverShowCounts, flushIntervalMs);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushCoverShowCounts();
  });
  window.addEventListener('pagehide', flushCoverShowCounts);
}

/** Counts one display of a meeting's cover on this device (flushed later). */
export function countCoverShow(meetingId: string): void {
  known.add(meetingId);
  writeStored(prefix + meetingId, String(countOf(meetingId) + 1));
  listen();
}

/** Flushes the stored counters now and from then on (every minute, on hide, on leave). */
export function startCoverShowFlush(): void {
  listen();
  flushCoverShowCounts();
}
