/**
 * Constants of the lives area (§9 and sizes chosen here): a file without zod so the web can read it
 * without the contracts (DESIGN §10); lives.contracts.ts re-exports it.
 */
export const liveLimits = {
  /** Longest chat message, in characters. */
  chatText: 200,
  /** Chat messages one user may post per live per 10 seconds before 429 'Do not operate frequently!'. */
  chatPerTenSeconds: 5,
  /** History a joining viewer gets (newest first). */
  chatHistory: 50,
  /** Seconds between player heartbeats; a viewer is online while the last is ≤ 60 s old. */
  heartbeatSeconds: 30,
  onlineWindowSeconds: 60,
  /** Seconds a chat socket ticket stays valid (it is used once, at connect). */
  chatTicketSeconds: 60,
  /**
   * A signed ingest playback URL (bound to its live and viewer) stays valid until the live's end plus
   * `playbackGraceSeconds`, but at least `playbackUrlSeconds` and at most `playbackUrlMaxSeconds` from
   * when it is issued — a viewer is not cut off mid-session, and the ingest callback re-checks the
   * live's state and the viewer's ban on every read. Past `play_expires` the room asks again.
   */
  playbackUrlSeconds: 30 * 60,
  playbackGraceSeconds: 15 * 60,
  playbackUrlMaxSeconds: 12 * 3600,
  /** Minutes before the start the reminder goes out (§9). */
  reminderMinutes: 10,
  /** Minutes after the end the replay-link mail goes out (§9: within 2 hours). */
  replayMailMinutes: 30,
} as const;
