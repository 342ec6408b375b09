import type { App } from '../../app-types.ts';

/**
 * Schedule routes (§7 Meetings GET /meeting/schedules, /count; exhibitor slots; the iCalendar feed;
 * issue 6). Being built.
 */
export function scheduleEntryRoutes(_app: App): void {}
