import { useEffect, useState, useSyncExternalStore } from 'react';

/** Tiny toast queue: `showToast(text)` from anywhere, `<Toaster />` once in the shell. */
type ToastItem = { id: number; text: string };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function showToast(text: string, durationMs = 3000): void {
  const id = nextId++;
  items = [...items, { id, text }];
  emit();
  setTimeout(() => {
    items = items.filter((item) => item.id !== id);
    emit();
  }, durationMs);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toaster() {
  const current = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!isMounted) return null;
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-20 z-[3000] flex flex-col items-center gap-2 px-4"
    >
      {current.map((item) => (
        <div
          key={item.id}
          role="status"
          className="max-w-sm rounded-xl bg-slate-900/90 px-4 py-2.5 text-center text-sm text-white shadow-lg"
        >
          {item.text}
        </div>
      ))}
    </div>
  );
}
