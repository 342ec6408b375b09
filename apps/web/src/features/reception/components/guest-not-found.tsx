import { UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { receptionPaths } from '../../../lib/reception-paths.ts';

/** 'guest not found' (§8), with the way to try a code instead. */
export function GuestNotFound({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation('reception');
  return (
    <div data-testid="reception-guest-not-found">
      <EmptyState
        icon={<UserX aria-hidden="true" className="size-7" />}
        title={t('errors.guestNotFound')}
        description={t('self.notFoundHint')}
        action={<ButtonLink to={receptionPaths.query({ meetingId })}>{t('query.byCode')}</ButtonLink>}
      />
    </div>
  );
}
