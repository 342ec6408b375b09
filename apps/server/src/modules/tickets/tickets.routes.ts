import type { App } from '../../app-types.ts';

/** §7 routes of this module (issue 4); filled in by its implementation. */
export function ticketRoutes(_app: App): void {}
