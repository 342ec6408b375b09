import type { Activity } from '@app/contracts';
import { type RegistrationState, type RegistrationTicket, registrationState } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatMoment } from '../../../lib/time.ts';

/** The registration state of an activity for the caller now (§4; one rule with the server). */
export function stateOf(
  activity: Activity,
  ticket: RegistrationTicket | null | undefined,
  options: {
    source?: { max: number; signup_total: number; deleted?: 0 | 1 } | null;
    isJustSubmitted?: boolean;
  } = {},
): RegistrationState {
  return registrationState({
    activity,
    ticket: ticket ?? null,
    source: options.source ?? null,
    now: Math.floor(Date.now() / 1000),
    isJustSubmitted: options.isJustSubmitted ?? false,
  });
}

const tones = {
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  amber: 'bg-amber-50 text-amber-700 ring-amber-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  grey: 'bg-slate-100 text-slate-600 ring-slate-500/15',
  primary: 'bg-primary/10 text-primary ring-primary/20',
} as const;

/** The words and colour of a state: the caller's standing first, else whether one can register. */
export function useStateLabel(): (
  activity: Activity,
  state: RegistrationState,
  timeZone: string,
) => { text: string; tone: keyof typeof tones } {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  return (activity, state, timeZone) => {
    switch (state.standing) {
      case 'under_review':
        return { text: t('standing.underReview'), tone: 'amber' };
      case 'review_pending':
        return { text: t('standing.reviewPending'), tone: 'amber' };
      case 'rejected':
        return { text: t('standing.rejected'), tone: 'red' };
      case 'registered':
        return { text: t('standing.registered'), tone: 'green' };
      case 'successful':
        return { text: t('standing.successful'), tone: 'green' };
      default:
        break;
    }
    switch (state.availability) {
      case 'not_started':
        return {
          text: t('state.opensOn', { time: formatMoment(activity.registration_start, timeZone, language) }),
          tone: 'grey',
        };
      case 'closed':
        return { text: t('state.closed'), tone: 'grey' };
      case 'full':
      case 'source_full':
        return { text: t('state.full'), tone: 'red' };
      case 'disabled':
        return { text: t('state.disabled'), tone: 'grey' };
      default:
        return {
          text:
            state.placesLeft === null ? t('state.open') : t('state.openLeft', { count: state.placesLeft }),
          tone: 'primary',
        };
    }
  };
}

export function StateBadge({
  text,
  tone,
  className,
}: {
  text: string;
  tone: keyof typeof tones;
  className?: string;
}) {
  return (
    <span
      data-testid="activity-state"
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {text}
    </span>
  );
}
