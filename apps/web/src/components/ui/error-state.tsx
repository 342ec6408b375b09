import { CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

/** 'Failed to load the page' with a reload button (§8). */
export function ErrorState({ onRetry, className }: { onRetry?: () => void; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="alert">
      <EmptyState
        className={className}
        icon={<CloudOff aria-hidden="true" className="size-7" />}
        title={t('states.errorTitle')}
        description={t('states.errorDescription')}
        action={
          onRetry ? (
            <Button variant="secondary" onClick={onRetry}>
              {t('actions.retry')}
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
