import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Eraser } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { clearSession } from '../../../lib/session.ts';

/**
 * Forgets everything the app keeps on this device (§2 /clear): the session, the query cache, the
 * stored values (§3 'Stored client values': device id, token, meeting, source, language, clock
 * offset — all of localStorage and sessionStorage of this origin), Cache Storage and service
 * workers if any. Then the page reloads at home, so nothing stays in memory either.
 */
export async function clearEverything(queryClient: QueryClient): Promise<void> {
  clearSession();
  queryClient.clear();
  for (const store of [globalThis.localStorage, globalThis.sessionStorage]) {
    try {
      store?.clear();
    } catch {
      // Storage refused (private mode): nothing was kept there.
    }
  }
  try {
    if ('caches' in globalThis) {
      for (const key of await caches.keys()) await caches.delete(key);
    }
    for (const registration of (await navigator.serviceWorker?.getRegistrations?.()) ?? []) {
      await registration.unregister();
    }
  } catch {
    // Nothing to clear, or not allowed here.
  }
}

function ClearRoute() {
  const { t, ready } = useTranslation('share');
  const queryClient = useQueryClient();
  useEffect(() => {
    let isCancelled = false;
    void clearEverything(queryClient).then(() => {
      if (isCancelled) return;
      // A full load at home: the app starts again without anything it held.
      location.replace(`${location.pathname}#/meeting/home`);
      location.reload();
    });
    return () => {
      isCancelled = true;
    };
  }, [queryClient]);
  return (
    <main
      id="main"
      className="flex min-h-dvh items-center justify-center px-6"
      aria-busy="true"
      data-testid="clear-page"
    >
      <div className="text-center">
        <div className="mx-auto mb-5 flex size-16 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Eraser aria-hidden="true" className="size-8" />
        </div>
        {ready ? (
          <>
            <h1 className="text-xl font-semibold text-slate-900">{t('clear.title')}</h1>
            <p className="mt-2 text-[15px] text-slate-500">{t('clear.body')}</p>
          </>
        ) : null}
      </div>
    </main>
  );
}

export { ClearRoute as Component };
