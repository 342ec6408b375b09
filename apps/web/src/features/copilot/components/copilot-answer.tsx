import {
  Building2,
  CalendarClock,
  CalendarDays,
  CircleHelp,
  FileText,
  Info,
  Mic,
  Newspaper,
  Package,
  ThumbsDown,
  ThumbsUp,
  Ticket,
  UserRound,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';
import type { CopilotCard } from '../api/copilot.ts';
import { cardTarget } from './copilot-cards.ts';

type IconType = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

/** The icon of each card type. */
const cardIcons: Record<CopilotCard['type'], IconType> = {
  agenda: CalendarDays,
  speaker: Mic,
  exhibitor: Building2,
  product: Package,
  news: Newspaper,
  document: FileText,
  page: FileText,
  activity: Ticket,
  slot: CalendarClock,
  user: UserRound,
  faq: CircleHelp,
};

/**
 * One cited item: its number (the answer's [1]-style footnotes follow the cards' order), type, title
 * and line; opens the item (a slot: the booking page, nothing booked).
 */
export function CopilotCardLink({
  card,
  meetingId,
  number,
}: {
  card: CopilotCard;
  meetingId: string;
  number: number;
}) {
  const { t } = useTranslation('copilot');
  const Icon = cardIcons[card.type] ?? FileText;
  const target = cardTarget(card, meetingId);
  const body = (
    <>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-[18px]" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[11px] font-medium text-slate-500">
          <span className="tabular-nums">[{number}]</span> {t(`cards.types.${card.type}`)}
        </span>
        <bdi className="line-clamp-2 block text-[14px] font-semibold text-slate-900">{card.title}</bdi>
        {card.subtitle ? (
          <bdi className="mt-0.5 line-clamp-2 block text-[12px] text-slate-500">{card.subtitle}</bdi>
        ) : null}
        {card.type === 'slot' ? (
          <span className="mt-0.5 block text-[12px] text-primary">{t('cards.slotHint')}</span>
        ) : null}
      </span>
    </>
  );
  const className =
    'flex items-start gap-2.5 rounded-xl bg-white p-2.5 ring-1 ring-slate-900/[0.08] transition hover:ring-primary/40';
  if (!target) {
    return (
      <div className={className} data-testid={`copilot-card-${card.type}`}>
        {body}
      </div>
    );
  }
  return 'to' in target ? (
    <Link to={target.to} className={className} data-testid={`copilot-card-${card.type}`}>
      {body}
    </Link>
  ) : (
    <a
      href={target.href}
      target="_blank"
      rel="noopener"
      className={className}
      data-testid={`copilot-card-${card.type}`}
    >
      {body}
    </a>
  );
}

/** A line under an answer: where it came from, or why the model did not answer (§1 copilot). */
export function NoticeLine({ text }: { text: string }) {
  return (
    <p className="mt-2 flex items-center gap-1.5 text-[12px] text-slate-500" data-testid="copilot-notice">
      <Info aria-hidden="true" className="size-3.5 shrink-0" />
      {text}
    </p>
  );
}

/** Thumbs up and down on an answer (the asker's rating; the organiser's review reads it). */
export function RatingButtons({
  rating,
  onRate,
  isBusy,
}: {
  rating: -1 | 0 | 1;
  onRate: (rating: -1 | 0 | 1) => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation('copilot');
  const button = (value: 1 | -1) => {
    const isOn = rating === value;
    const Icon = value === 1 ? ThumbsUp : ThumbsDown;
    return (
      <button
        type="button"
        aria-pressed={isOn}
        aria-label={t(value === 1 ? 'rating.up' : 'rating.down')}
        title={t(value === 1 ? 'rating.up' : 'rating.down')}
        disabled={isBusy}
        onClick={() => onRate(isOn ? 0 : value)}
        data-testid={value === 1 ? 'copilot-rate-up' : 'copilot-rate-down'}
        className={cx(
          'inline-flex size-8 items-center justify-center rounded-full transition hover:bg-slate-100 disabled:opacity-50',
          isOn ? 'text-primary' : 'text-slate-400',
        )}
      >
        <Icon aria-hidden="true" className={cx('size-4', isOn && 'fill-current')} />
      </button>
    );
  };
  return (
    <div className="mt-1 flex items-center gap-0.5">
      {button(1)}
      {button(-1)}
    </div>
  );
}
