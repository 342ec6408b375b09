import type { ShareLinkInput } from '@app/contracts/share/share-links.ts';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * What an item page says about the item it shows (§2 share links), kept apart from the card
 * building of lib/wechat-share.ts so every page's first script carries only this small store: the
 * WeChat layer (lazy, WeChat only) reads it and builds the card.
 */
export type PageShare = { link: ShareLinkInput; title: string; description?: string | undefined };

// The item page's share data, told by the page (its share button) to the WeChat layer in the shell:
// the most recently mounted registration wins, and unmounting removes it.
let registrations: PageShare[] = [];
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Registers what the current page shares; returns the function that withdraws it. */
export function registerPageShare(share: PageShare): () => void {
  registrations = [...registrations, share];
  notify();
  return () => {
    registrations = registrations.filter((entry) => entry !== share);
    notify();
  };
}

/** The page's share data while the calling component is mounted (an item page or its share button). */
export function usePageShare(share: PageShare | undefined): void {
  const type = share?.link.type;
  const meetingId = share?.link.meetingId;
  const id = share?.link.id;
  const lang = share?.link.lang;
  const title = share?.title;
  const description = share?.description;
  useEffect(() => {
    if (!type || !meetingId || title === undefined) return;
    return registerPageShare({ link: { type, meetingId, id, lang }, title, description });
  }, [type, meetingId, id, lang, title, description]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The share data registered by the page being shown (the latest), for the WeChat layer. */
export function useRegisteredPageShare(): PageShare | undefined {
  return useSyncExternalStore(
    subscribe,
    () => registrations.at(-1),
    () => undefined,
  );
}
