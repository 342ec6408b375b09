import { useEffect, useSyncExternalStore } from 'react';
import { type DeskState, type DeskStore, deskStoreFor } from './desk-store.ts';

/**
 * The reception desk of a meeting for the page that shows it (§4 Reception, works offline): its state
 * re-renders the page on every change; the first page that uses it loads it and starts syncing.
 */
export function useDesk(meetingId: string): { desk: DeskState; store: DeskStore } {
  const store = deskStoreFor(meetingId);
  useEffect(() => store.retain(), [store]);
  const desk = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { desk, store };
}
