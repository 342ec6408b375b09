import { CloudOff, RefreshCw, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import type { DeskState, DeskStore } from '../offline/desk-store.ts';
import { noteKey } from './desk-texts.ts';

/** Rows of grey placeholders while the desk loads. */
export function GuestRowsSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="flex flex-col gap-2" aria-busy="true">
      {placeholderKeys(count).map((key) => (
        <li key={key} className="flex items-center gap-3 rounded-card bg-white p-3 ring-1 ring-slate-100">
          <Skeleton className="size-12 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * What every staff page shows before its content: a skeleton while the desk loads, an error with
 * retry, or 'receptionist not found' (§8) for someone not on the staff list; otherwise the page.
 */
export function DeskGate({
  desk,
  store,
  children,
}: {
  desk: DeskState;
  store: DeskStore;
  children: ReactNode;
}) {
  const { t } = useTranslation('reception');
  if (desk.status === 'forbidden') {
    return (
      <div data-testid="reception-not-staff">
        <EmptyState
          icon={<UserX aria-hidden="true" className="size-7" />}
          title={t('errors.receptionistNotFound')}
          description={t('errors.receptionistNotFoundHint')}
        />
      </div>
    );
  }
  if (desk.status === 'error') return <ErrorState onRetry={() => void store.refresh()} />;
  if (desk.status === 'loading') return <GuestRowsSkeleton />;
  return <>{children}</>;
}

/**
 * The sync line (§4 works with a bad signal): offline or online, how many writes wait to be sent,
 * and the writes the server kept in history only ("overwritten by a later change") or refused.
 */
export function SyncBar({ desk, store }: { desk: DeskState; store: DeskStore }) {
  const { t } = useTranslation('reception');
  const pending = desk.pending.length;
  return (
    <div
      className="flex flex-col gap-2"
      data-testid="reception-sync"
      data-state={desk.isOnline ? (desk.isFromCache ? 'cached' : 'online') : 'offline'}
    >
      <div
        className={`flex items-center gap-2 rounded-card px-3 py-2 text-[13px] ${
          desk.isOnline ? 'bg-slate-50 text-slate-600' : 'bg-amber-50 text-amber-800'
        }`}
      >
        {desk.isOnline ? (
          <RefreshCw aria-hidden="true" className={`size-4 ${desk.isSyncing ? 'animate-spin' : ''}`} />
        ) : (
          <CloudOff aria-hidden="true" className="size-4" />
        )}
        <span className="flex-1">
          {desk.isOnline ? (desk.isFromCache ? t('sync.cached') : t('sync.online')) : t('sync.offline')}
        </span>
        <span
          data-testid="reception-pending"
          data-count={pending}
          className={`rounded-full px-2 py-0.5 font-medium tabular-nums ${
            pending > 0 ? 'bg-amber-500 text-white' : 'bg-emerald-100 text-emerald-800'
          }`}
        >
          {pending > 0 ? t('sync.pending', { n: pending }) : t('sync.allSent')}
        </span>
      </div>
      {desk.notes.length > 0 ? (
        <div
          className="rounded-card bg-rose-50 px-3 py-2 text-[13px] text-rose-900"
          data-testid="reception-notes"
        >
          <ul className="flex flex-col gap-1">
            {desk.notes.slice(0, 5).map((note) => (
              <li key={note.mutation_id}>
                <span className="font-medium">{note.guest_name}</span>
                {' · '}
                {t(noteKey(note.outcome, note.code))}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="mt-1 font-medium text-rose-700 underline"
            onClick={() => store.clearNotes()}
          >
            {t('sync.dismiss')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
