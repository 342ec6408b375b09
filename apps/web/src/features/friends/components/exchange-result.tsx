import type { FriendPerson } from '@app/contracts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { applyFriendRequest, useFriendMutation } from '../api/friends.ts';
import { ContactCard } from './contact-card.tsx';
import { displayName } from './display-name.ts';
import { friendErrorMessage } from './friend-error.ts';

/** What a card exchange ended with: the connected person, or the error. */
export type ExchangeOutcome = { friend: FriendPerson } | { error: unknown; card: string };

/**
 * The outcome of a card exchange (scanner on /my/contact, the QR landing page): the new friend's
 * contact card, or the reason it failed — and, when the owner turned card exchange off (403
 * card.exchange_disabled), a button that sends them a connection request carrying the card instead.
 */
export function ExchangeResult({ outcome, onRetry }: { outcome: ExchangeOutcome; onRetry?: () => void }) {
  const { t } = useTranslation('friends');
  const apply = useFriendMutation((card: string) => applyFriendRequest({ user_id: card.slice(0, 24), card }));
  if ('friend' in outcome) {
    return (
      <div className="space-y-3" data-testid="exchange-result">
        <p className="flex items-center gap-2 text-[15px] font-medium text-emerald-700">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          {t('landing.done', { name: displayName(outcome.friend, t) })}
        </p>
        <ContactCard person={outcome.friend} />
      </div>
    );
  }
  const isDisabled = outcome.error instanceof ApiError && outcome.error.code === 'card.exchange_disabled';
  return (
    <div className="space-y-3 rounded-card bg-white p-4 ring-1 ring-slate-100" data-testid="exchange-error">
      <p className="flex items-start gap-2 text-[15px] text-slate-800">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
        {friendErrorMessage(outcome.error, t)}
      </p>
      <div className="flex flex-wrap gap-2">
        {isDisabled ? (
          <Button
            size="sm"
            disabled={apply.isPending || apply.isSuccess}
            data-testid="exchange-apply"
            onClick={() =>
              apply.mutate(outcome.card, {
                onSuccess: (result) =>
                  showToast(result.connected ? t('connect.connected') : t('connect.sent')),
                onError: (error) => showToast(friendErrorMessage(error, t)),
              })
            }
          >
            {apply.isSuccess ? t('connect.pending') : t('landing.apply')}
          </Button>
        ) : null}
        {onRetry ? (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('landing.retry')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
