import type { Ticket } from '@app/contracts';
import { type Language, localize } from '@app/domain';
import { CircleAlert, CircleCheck, CircleX, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { formatTime } from '../../../lib/time.ts';
import { groupCode } from './ticket-code.ts';

/** What one scan or typed code came to. */
export type CheckInOutcome =
  | { kind: 'checking'; code: string }
  | { kind: 'checkedIn'; code: string; ticket: Ticket; at: number }
  | { kind: 'already'; code: string; ticket: Ticket; at: number }
  | { kind: 'notApproved'; code: string; ticket: Ticket | null }
  | { kind: 'otherActivity'; code: string; ticket: Ticket }
  | { kind: 'notFound'; code: string }
  | { kind: 'noPermission'; code: string }
  | { kind: 'failed'; code: string };

export type Tone = 'green' | 'amber' | 'red' | 'neutral';

export function toneOf(outcome: CheckInOutcome): Tone {
  switch (outcome.kind) {
    case 'checkedIn':
      return 'green';
    case 'already':
      return 'amber';
    case 'checking':
      return 'neutral';
    default:
      return 'red';
  }
}

const toneClasses: Record<Tone, string> = {
  green: 'bg-emerald-600 text-white',
  amber: 'bg-amber-400 text-amber-950',
  red: 'bg-red-600 text-white',
  neutral: 'bg-slate-800/90 text-white',
};

/** The headline and detail line of an outcome, in the current language. */
export function useOutcomeText(): (outcome: CheckInOutcome) => { title: string; detail: string } {
  const { t } = useTranslation('tickets');
  const language = useLanguage();
  const meeting = useMeeting();
  const person = (ticket: Ticket) => personLine(ticket, language);
  return (outcome) => {
    switch (outcome.kind) {
      case 'checking':
        return { title: t('checkIn.checking'), detail: groupCode(outcome.code) };
      case 'checkedIn':
        return { title: t('checkIn.checkedIn'), detail: person(outcome.ticket) };
      case 'already':
        return {
          title: t('checkIn.alreadyCheckedIn', {
            time: formatTime(outcome.at * 1000, meeting.time_zone, language),
          }),
          detail: person(outcome.ticket),
        };
      case 'notApproved':
        return {
          title: t('checkIn.notApproved'),
          detail: outcome.ticket
            ? `${person(outcome.ticket)} · ${
                outcome.ticket.status === 2
                  ? t('checkIn.notApprovedRejected')
                  : t('checkIn.notApprovedUnderReview')
              }`
            : '',
        };
      case 'otherActivity':
        return {
          title: t('checkIn.otherActivity'),
          detail: [
            person(outcome.ticket),
            outcome.ticket.activity ? localize(outcome.ticket.activity.title, language) : '',
          ]
            .filter(Boolean)
            .join(' · '),
        };
      case 'notFound':
        return { title: t('checkIn.notFound'), detail: t('checkIn.notFoundDetail') };
      case 'noPermission':
        return { title: t('checkIn.noPermission'), detail: t('checkIn.noPermissionDetail') };
      case 'failed':
        return { title: t('checkIn.failed'), detail: t('checkIn.failedDetail') };
    }
  };
}

/** `Ada Lovelace · VIP`: the holder and the ticket type. */
function personLine(ticket: Ticket, language: Language): string {
  return [ticket.name, localize(ticket.price_title, language)].filter(Boolean).join(' · ');
}

const icons: Record<Tone, typeof CircleCheck> = {
  green: CircleCheck,
  amber: CircleAlert,
  red: CircleX,
  neutral: Loader2,
};

/**
 * The big result of a scan, readable at arm's length: green 'Checked in' with the holder and type,
 * amber 'Already checked in at HH:mm', red for a refusal. A tap goes back to scanning.
 */
export function CheckInResultPanel({
  outcome,
  onDismiss,
}: {
  outcome: CheckInOutcome;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('tickets');
  const text = useOutcomeText()(outcome);
  const tone = toneOf(outcome);
  const Icon = icons[tone];
  const isBusy = outcome.kind === 'checking';
  return (
    <button
      type="button"
      onClick={onDismiss}
      disabled={isBusy}
      data-testid="check-in-result"
      data-outcome={outcome.kind}
      className={cx(
        'flex size-full flex-col items-center justify-center gap-3 rounded-card p-6 text-center shadow-lg',
        toneClasses[tone],
      )}
    >
      <Icon aria-hidden="true" className={cx('size-16', isBusy && 'animate-spin')} />
      <span className="text-[26px] font-bold leading-tight">{text.title}</span>
      {text.detail ? (
        <span className="text-[17px] font-medium opacity-95">
          <bdi>{text.detail}</bdi>
        </span>
      ) : null}
      {isBusy ? null : <span className="mt-2 text-[13px] opacity-80">{t('checkIn.scanNext')}</span>}
    </button>
  );
}
