import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { friendPaths } from '../../../lib/friends-paths.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useExchangeCard } from '../api/friends.ts';
import { type ExchangeOutcome, ExchangeResult } from '../components/exchange-result.tsx';

/** A network failure or a server error (worth a retry), not a refusal of the card. */
const isTransient = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/**
 * /meeting/connection/card?card=… — where a personal QR scanned with the phone's own camera lands
 * (card exchange, §1, §6). The route asks for a login first (returning here), then exchanges the card
 * once and shows the new friend's contact card, or why not ('Invalid QR code information' §8, special
 * identity, exchange turned off → send a request instead) with a retry.
 */
function CardLandingRoute() {
  const { t, ready } = useTranslation('friends');
  const meetingId = idOf(useMeeting());
  const [card] = useSearchState('card');
  const exchange = useExchangeCard();
  const [outcome, setOutcome] = useState<ExchangeOutcome | null>(null);
  const started = useRef(false);

  const run = () => {
    const token = card ?? '';
    setOutcome(null);
    exchange.mutate(token, {
      onSuccess: (result) => setOutcome({ friend: result.friend }),
      onError: (error) => setOutcome({ error, card: token }),
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the card is exchanged once, on arrival
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!card) setOutcome({ error: new ApiError(400, 'card.invalid', ''), card: '' });
    else run();
  }, []);

  return (
    <div className="mx-auto max-w-[560px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={ready ? t('landing.title') : ''} />
      {!outcome || !ready ? (
        <div className="space-y-3" aria-busy="true">
          <p className="text-[15px] text-slate-600">{ready ? t('landing.connecting') : ''}</p>
          <Skeleton className="h-32 w-full" />
        </div>
      ) : (
        <ExchangeResult
          outcome={outcome}
          onRetry={'error' in outcome && card && isTransient(outcome.error) ? run : undefined}
        />
      )}
      {outcome ? (
        <ButtonLink to={friendPaths.connections({ meetingId })} variant="secondary" className="w-full">
          {t('landing.viewConnections')}
        </ButtonLink>
      ) : null}
    </div>
  );
}

export { CardLandingRoute as Component };
