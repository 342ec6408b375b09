import type {
  getReceptionist,
  listReceptionChanges,
  listReceptionGuests,
  listReceptionPhases,
  ReceptionGuest,
  Receptionist,
  ReceptionMutation,
  ReceptionMutationResult,
  ReceptionPhase,
  syncReception,
} from '@app/contracts';
import { createStore, del, get, set } from 'idb-keyval';
import { api, contractPath } from '../../../lib/api/api.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { getClockOffset, getSession } from '../../../lib/session.ts';
import {
  type DeskNote,
  dropGuests,
  type MutationDraft,
  mergeGuests,
  settleSync,
  stampMutation,
  viewGuests,
} from './desk-queue.ts';

const mePath = contractPath<typeof getReceptionist>('/reception/staff/me');
const phasesPath = contractPath<typeof listReceptionPhases>('/reception/phases');
const guestsPath = contractPath<typeof listReceptionGuests>('/reception/guests');
const changesPath = contractPath<typeof listReceptionChanges>('/reception/changes');
const syncPath = contractPath<typeof syncReception>('/reception/sync');

/** Timings of the desk (§4 a second receptionist sees a toggle at once; a basement loses no tap). */
export const deskTiming = {
  /** GET /reception/changes while the page is visible and online. */
  pollMs: 3000,
  /** Retry of the queue while anything is pending. */
  flushMs: 10_000,
  /** Mutations per POST /reception/sync (the server takes 500; form bodies stay small). */
  batch: 100,
  /** Notes kept (newest first). */
  maxNotes: 50,
  /** The whole list for the cache (GET /reception/guests all=1). */
  allLimit: 20_000,
} as const;

/** What the desk shows: the receptionist, phases, guests (cache + pending writes) and the queue's state. */
export type DeskState = {
  status: 'loading' | 'ready' | 'error' | 'forbidden';
  me: Receptionist | null;
  phases: ReceptionPhase[];
  /** The server's last word, as cached. */
  base: ReceptionGuest[];
  /** `base` with the pending writes applied: what every page shows. */
  guests: ReceptionGuest[];
  pending: ReceptionMutation[];
  notes: DeskNote[];
  cursor: number;
  isOnline: boolean;
  isSyncing: boolean;
  /** The list comes from the device's cache and has not reached the server since opening. */
  isFromCache: boolean;
};

type Snapshot = { me: Receptionist; phases: ReceptionPhase[]; base: ReceptionGuest[]; cursor: number };

const idb = typeof indexedDB === 'undefined' ? undefined : createStore('reception-desk', 'kv');
const read = async <T>(key: string): Promise<T | undefined> => (idb ? get<T>(key, idb) : undefined);

const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;
const isNotStaff = (error: unknown) =>
  error instanceof ApiError && (error.code === 'reception.receptionist_not_found' || error.status === 403);

/**
 * The desk of one meeting for the signed-in receptionist: loads the cache from IndexedDB, refreshes
 * it from the server, queues writes in IndexedDB before sending them, flushes the queue on 'online',
 * on visibility and every 10 s, and polls the other receptionists' changes every 3 s while visible.
 */
export class DeskStore {
  private state: DeskState;
  private readonly listeners = new Set<() => void>();
  private readonly keyOf: (part: string) => string;
  private writes: Promise<unknown> = Promise.resolve();
  private flushing: Promise<void> | null = null;
  private timers: ReturnType<typeof setInterval>[] = [];
  private users = 0;
  private stopListening: (() => void) | null = null;

  constructor(readonly meetingId: string) {
    const userId = getSession().userId ?? '';
    this.keyOf = (part) => `${part}:${meetingId}:${userId}`;
    this.state = {
      status: 'loading',
      me: null,
      phases: [],
      base: [],
      guests: [],
      pending: [],
      notes: [],
      cursor: 0,
      isOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
      isSyncing: false,
      isFromCache: false,
    };
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = () => this.state;

  private update(next: Partial<DeskState>): void {
    const merged = { ...this.state, ...next };
    if (next.base || next.pending || next.me) {
      merged.guests = viewGuests(merged.base, merged.pending, merged.me?.name ?? '');
    }
    this.state = merged;
    for (const listener of this.listeners) listener();
  }

  /** Writes to IndexedDB one after another (the queue is stored before it is sent). */
  private persist(key: string, value: unknown): Promise<unknown> {
    if (!idb) return Promise.resolve();
    const store = idb;
    this.writes = this.writes
      .then(() => (value === undefined ? del(key, store) : set(key, value, store)))
      .catch(() => {});
    return this.writes;
  }

  private saveSnapshot(): void {
    const { me, phases, base, cursor } = this.state;
    if (me) void this.persist(this.keyOf('desk'), { me, phases, base, cursor } satisfies Snapshot);
  }

  /** A page starts using the desk (the first one loads it and starts the timers). */
  retain(): () => void {
    this.users += 1;
    if (this.users === 1) this.start();
    return () => {
      this.users -= 1;
      if (this.users === 0) this.stop();
    };
  }

  private start(): void {
    const onOnline = () => {
      this.update({ isOnline: navigator.onLine });
      if (navigator.onLine) void this.refresh();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void this.poll();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    this.stopListening = () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
    this.timers = [
      setInterval(() => void this.poll(), deskTiming.pollMs),
      setInterval(() => void this.flush(), deskTiming.flushMs),
    ];
    void this.load();
  }

  private stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.stopListening?.();
    this.stopListening = null;
  }

  private async load(): Promise<void> {
    const [snapshot, pending, notes] = await Promise.all([
      read<Snapshot>(this.keyOf('desk')).catch(() => undefined),
      read<ReceptionMutation[]>(this.keyOf('queue')).catch(() => undefined),
      read<DeskNote[]>(this.keyOf('notes')).catch(() => undefined),
    ]);
    const queued = [...(pending ?? []), ...this.state.pending];
    if (snapshot) {
      this.update({ ...snapshot, pending: queued, notes: notes ?? [], status: 'ready', isFromCache: true });
    } else {
      this.update({ pending: queued, notes: notes ?? [] });
    }
    await this.refresh();
  }

  /** Reloads everything from the server (opening, retry, back online), then sends the queue. */
  async refresh(): Promise<void> {
    if (this.state.status !== 'ready') this.update({ status: 'loading' });
    try {
      const [me, phases, list] = await Promise.all([
        api.get<Receptionist>(mePath, { meeting_id: this.meetingId }),
        api.list<ReceptionPhase>(phasesPath, { meeting_id: this.meetingId }),
        api.whole<{ results: ReceptionGuest[]; cursor: number }>(guestsPath, {
          meeting_id: this.meetingId,
          all: '1',
          limit: deskTiming.allLimit,
        }),
      ]);
      this.update({
        me,
        phases,
        base: list.results,
        cursor: list.cursor,
        status: 'ready',
        isFromCache: false,
        isOnline: true,
      });
      this.saveSnapshot();
      await this.flush();
    } catch (error) {
      if (isNotStaff(error)) {
        this.update({ status: 'forbidden', base: [], pending: [], me: null });
        void this.persist(this.keyOf('desk'), undefined);
        return;
      }
      if (isNetworkError(error)) this.update({ isOnline: false });
      if (this.state.status !== 'ready') this.update({ status: 'error' });
    }
  }

  /** Queues one write (stored first), shows it at once and sends it when the network allows. */
  async enqueue(draft: MutationDraft): Promise<ReceptionMutation> {
    const mutation = stampMutation(draft, Date.now(), getClockOffset());
    this.update({ pending: [...this.state.pending, mutation] });
    await this.persist(this.keyOf('queue'), this.state.pending);
    void this.flush();
    return mutation;
  }

  /** Sends the queue in batches (one flush at a time); a network failure keeps it for later. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.state.pending.length === 0 || this.state.status === 'forbidden') return Promise.resolve();
    if (typeof navigator !== 'undefined' && !navigator.onLine) return Promise.resolve();
    this.flushing = this.sendQueue().finally(() => {
      this.flushing = null;
      this.update({ isSyncing: false });
    });
    return this.flushing;
  }

  private async sendQueue(): Promise<void> {
    this.update({ isSyncing: true });
    while (this.state.pending.length > 0) {
      const batch = this.state.pending.slice(0, deskTiming.batch);
      let answer: { results: ReceptionMutationResult[]; cursor: number };
      try {
        answer = (await api.request('POST', syncPath, {
          json: { meeting_id: this.meetingId, mutations: batch },
          whole: true,
        })) as { results: ReceptionMutationResult[]; cursor: number };
      } catch (error) {
        if (isNetworkError(error)) {
          this.update({ isOnline: false });
          return;
        }
        if (isNotStaff(error)) {
          this.update({ status: 'forbidden' });
          return;
        }
        // A refused batch (never expected: every write is built from the contract) would block the
        // queue for ever: its writes become notes instead.
        answer = {
          results: batch.map((mutation) => ({
            mutation_id: mutation.mutation_id,
            outcome: 'rejected' as const,
            code: error instanceof ApiError ? String(error.code) : 'unknown',
          })),
          cursor: this.state.cursor,
        };
      }
      const settled = settleSync(this.state, answer.results, Date.now());
      const notes = [...settled.notes, ...this.state.notes].slice(0, deskTiming.maxNotes);
      this.update({ base: settled.base, pending: settled.pending, notes, isOnline: true });
      await this.persist(this.keyOf('queue'), settled.pending);
      if (settled.notes.length > 0) void this.persist(this.keyOf('notes'), notes);
      this.saveSnapshot();
      // Nothing of the batch answered: stop rather than loop (the timer tries again).
      if (batch.every((mutation) => settled.pending.includes(mutation))) return;
    }
  }

  /** Hears the other receptionists (GET /reception/changes since the cursor) while visible and online. */
  async poll(): Promise<void> {
    if (this.state.status !== 'ready') return;
    if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return;
    if (typeof navigator !== 'undefined' && !navigator.onLine) return;
    if (this.state.isFromCache) {
      await this.refresh();
      return;
    }
    try {
      const answer = await api.whole<{ results: ReceptionGuest[]; deleted?: string[]; cursor: number }>(
        changesPath,
        { meeting_id: this.meetingId, since: this.state.cursor },
      );
      // Guests the console deleted leave the cache (and so the offline list) at once.
      const deleted = answer.deleted ?? [];
      if (answer.results.length > 0 || deleted.length > 0 || answer.cursor !== this.state.cursor) {
        this.update({
          base: dropGuests(mergeGuests(this.state.base, answer.results), deleted),
          cursor: answer.cursor,
          isOnline: true,
        });
        this.saveSnapshot();
      } else if (!this.state.isOnline) {
        this.update({ isOnline: true });
      }
      if (this.state.pending.length > 0) await this.flush();
    } catch (error) {
      if (isNetworkError(error)) this.update({ isOnline: false });
      else if (isNotStaff(error)) this.update({ status: 'forbidden' });
    }
  }

  /** Forgets the notes (the receptionist has read them). */
  clearNotes(): void {
    this.update({ notes: [] });
    void this.persist(this.keyOf('notes'), undefined);
  }
}

const stores = new Map<string, DeskStore>();

/** The desk of a meeting for the signed-in user (one per meeting and user while the app runs). */
export function deskStoreFor(meetingId: string): DeskStore {
  const key = `${meetingId}:${getSession().userId ?? ''}`;
  let store = stores.get(key);
  if (!store) {
    store = new DeskStore(meetingId);
    stores.set(key, store);
  }
  return store;
}
