/**
 * localStorage that never throws: private browsing and some chat-app web views refuse storage, and the
 * app must still work (values then live for the page's lifetime only).
 */
const memory = new Map<string, string>();

function backing(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readStored(key: string): string | undefined {
  try {
    const value = backing()?.getItem(key);
    if (value !== null && value !== undefined) return value;
  } catch {
    // fall through to memory
  }
  return memory.get(key);
}

export function writeStored(key: string, value: string | undefined): void {
  if (value === undefined || value === '') memory.delete(key);
  else memory.set(key, value);
  try {
    const store = backing();
    if (!store) return;
    if (value === undefined || value === '') store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // memory keeps it
  }
}
