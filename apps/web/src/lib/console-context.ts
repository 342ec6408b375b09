import type { ConsoleMe, ConsoleMeetingSummary } from '@app/contracts';
import { createContext, useContext } from 'react';

/**
 * What the console shell knows for every console screen (DESIGN §7), so no screen asks again: the
 * caller (GET /console/me) and the meeting selected in the address (`meetings/:meetingId/…`, with its
 * time zone, roles and allowed actions), undefined on platform screens.
 */
export type ConsoleContextValue = {
  me: ConsoleMe;
  meeting: ConsoleMeetingSummary | undefined;
};

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

/** The console shell's context. @throws outside the console shell. */
export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole is used outside the console shell');
  return value;
}
