export * from './activities/registration-state.ts';
export * from './agendas/agenda-timing.ts';
export * from './i18n/languages.ts';
export * from './lives/live-state.ts';
export * from './meetings/resolve-meeting.ts';
export * from './text-limits.ts';
export * from './time/timestamps.ts';
export * from './time/wall-clock.ts';
