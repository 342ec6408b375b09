import type { LiveSocketEvent } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api/client.ts';
import { chatSocketUrl, chatTicket } from '../api/lives.ts';

export type SocketStatus = 'connecting' | 'open' | 'offline';

/** Close codes of the room socket (server lives.socket.ts / lives.hub.ts). */
const closeBanned = 4403;
const closeAccessChanged = 4408;
const closeTooManySockets = 4429;

/** Longest wait between reconnection attempts, ms. */
const maxDelayMs = 30_000;

/**
 * The room socket (DESIGN §9 real time): asks POST /lives/{id}/chat/tickets for a one-minute ticket,
 * opens `ws(s)://…/api/lives/{id}/chat/socket?ticket=…` on the page's origin and hands every pushed
 * event to `onEvent`. A dropped connection reconnects with a new ticket after 1 s, 2 s, 4 s … up to
 * 30 s (with jitter); `onReconnect` runs when a later connection opens, so the room can re-read what
 * it missed. A refused ticket (403/404: no permission, banned, unknown live) stops trying. Close codes
 * of the server: 4408 — the live's access changed (edited, hidden, deleted, grant revoked):
 * `onAccessChanged` runs (the room re-reads its permission) and a new ticket is asked at once, which
 * checks the right to watch again; 4403 (banned) and 4429 (too many sockets for this viewer) stop.
 */
export function useRoomSocket(
  liveId: string,
  enabled: boolean,
  onEvent: (event: LiveSocketEvent) => void,
  onReconnect: () => void,
  onAccessChanged: () => void = () => {},
): SocketStatus {
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  const onReconnectRef = useRef(onReconnect);
  onReconnectRef.current = onReconnect;
  const onAccessChangedRef = useRef(onAccessChanged);
  onAccessChangedRef.current = onAccessChanged;

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let hasOpened = false;
    let isStopped = false;

    const retry = () => {
      if (isStopped) return;
      setStatus('offline');
      const delay = Math.min(maxDelayMs, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
      attempt += 1;
      timer = setTimeout(() => {
        timer = undefined;
        void connect();
      }, delay);
    };

    async function connect() {
      if (isStopped) return;
      setStatus('connecting');
      let ticket: string;
      try {
        ticket = (await chatTicket(liveId)).ticket;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
          setStatus('offline');
          return;
        }
        retry();
        return;
      }
      if (isStopped) return;
      const current = new WebSocket(chatSocketUrl(liveId, ticket));
      socket = current;
      current.onopen = () => {
        attempt = 0;
        setStatus('open');
        if (hasOpened) onReconnectRef.current();
        hasOpened = true;
      };
      current.onmessage = (message) => {
        if (typeof message.data !== 'string') return;
        try {
          onEventRef.current(JSON.parse(message.data) as LiveSocketEvent);
        } catch {
          // Not an event of ours: ignored.
        }
      };
      current.onclose = (event) => {
        if (socket === current) socket = null;
        if (event.code === closeBanned || event.code === closeTooManySockets) {
          setStatus('offline');
          return;
        }
        if (event.code === closeAccessChanged) {
          onAccessChangedRef.current();
          attempt = 0;
          void connect();
          return;
        }
        retry();
      };
    }

    void connect();
    // Back online or back in front while waiting to reconnect: try at once instead of waiting it out.
    const wake = () => {
      if (isStopped || timer === undefined || document.visibilityState === 'hidden') return;
      clearTimeout(timer);
      timer = undefined;
      attempt = 0;
      void connect();
    };
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', wake);
    return () => {
      isStopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      if (socket) {
        socket.onclose = null;
        socket.close(1000);
      }
    };
  }, [liveId, enabled]);

  return enabled ? status : 'offline';
}
