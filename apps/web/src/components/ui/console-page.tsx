import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client.ts';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { Skeleton } from './skeleton.tsx';

/**
 * The frame of a console screen (DESIGN §7): its title (the page's one h1), an optional line under
 * it, actions at the end of the title row (they wrap under it on a phone) and the content.
 */
export function ConsolePage({
  title,
  description,
  actions,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="mx-auto w-full max-w-[1100px] px-4 py-5 desk:px-8 desk:py-8" data-testid={testId}>
      <header className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-[22px] font-semibold text-slate-900">{title}</h1>
          {description ? <p className="mt-1 text-[14px] text-slate-500">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** 'You do not have permission for this screen' (a 403 no_permission, or a role the screen lacks). */
export function NoPermissionState() {
  const { t } = useTranslation('console');
  return (
    <div role="alert" data-testid="console-no-permission">
      <EmptyState
        icon={<Lock aria-hidden="true" className="size-7" />}
        title={t('states.noPermissionTitle')}
        description={t('states.noPermissionBody')}
      />
    </div>
  );
}

/** A failed console call: 'no permission' for 403 no_permission, else the error state with retry. */
export function ConsoleErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 403 && error.code === 'no_permission') {
    return <NoPermissionState />;
  }
  return <ErrorState onRetry={onRetry} />;
}

/** Rows of grey bars while a console table loads. */
export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="space-y-3 p-4" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => `row-${index}`).map((key) => (
        <Skeleton key={key} className="h-9 w-full" />
      ))}
    </div>
  );
}
