export * from './appointment-state.ts';
export * from './appointment-time.ts';
