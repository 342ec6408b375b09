import type { Ticket } from '@app/contracts';
import { localize } from '@app/domain';
import { ClipboardList, PencilLine, TicketIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink, buttonClass } from '../../../components/ui/button.tsx';
import { cardClass } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useMyTickets } from '../api/my-tickets.ts';
import { TicketListSkeleton } from '../components/list-skeleton.tsx';
import { standingKeys, ticketRegistrationState } from '../components/standing.ts';
import { TicketFacts } from '../components/ticket-card.tsx';
import { byUpcoming, momentLabel } from '../components/ticket-time.ts';

const standingTones = {
  none: 'bg-primary/10 text-primary ring-primary/20',
  under_review: 'bg-amber-50 text-amber-800 ring-amber-200',
  review_pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  rejected: 'bg-red-50 text-red-700 ring-red-200',
  registered: 'bg-primary/10 text-primary ring-primary/20',
  successful: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
} as const;

/**
 * /my/registration (§2 Personal, login): the caller's registrations with their standing (under
 * review, rejected with the organiser's reason (§4), registered, successful — the shared
 * registration-state rule), a link to the activity, 'Edit my answers' while resubmission is
 * allowed, and the ticket.
 */
function MyRegistrationRoute() {
  const { t, ready } = useTranslation('tickets');
  const { t: tc } = useTranslation('common');
  const meetingId = useMeeting()._id.$id;
  const tickets = useMyTickets(meetingId);
  const now = Math.floor(useNow() / 1000);

  let body: ReactNode;
  if (!ready || tickets.isPending) body = <TicketListSkeleton height="h-44" />;
  else if (tickets.isError) body = <ErrorState onRetry={() => void tickets.refetch()} />;
  else if (tickets.data.length === 0) {
    body = (
      <EmptyState
        icon={<ClipboardList aria-hidden="true" className="size-7" />}
        title={t('registrations.emptyTitle')}
        description={t('registrations.emptyDescription')}
        action={
          <ButtonLink to={activityPaths.activity.list({ meetingId })} variant="secondary">
            {t('myTickets.browse')}
          </ButtonLink>
        }
      />
    );
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="registrations">
        {byUpcoming(tickets.data, (ticket) => ticket.activity, now).map((ticket) => (
          <li key={ticket._id.$id}>
            <RegistrationCard ticket={ticket} now={now} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="mx-auto max-w-[960px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={tc('pages.myRegistration')} />
      {body}
    </div>
  );
}

function RegistrationCard({ ticket, now }: { ticket: Ticket; now: number }) {
  const { t } = useTranslation('tickets');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const activityId = ticket.activity_id.$id;
  const state = ticketRegistrationState(ticket, now);
  const standing = state?.standing ?? 'registered';
  const title = ticket.activity ? localize(ticket.activity.title, language) : '';
  return (
    <article className={cx(cardClass, 'flex h-full flex-col gap-3 p-4')} data-testid="registration-card">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 text-[16px] font-semibold leading-snug text-slate-900">
          <Link to={activityPaths.activity.detail({ meetingId, activityId })} className="hover:text-primary">
            <bdi>{title}</bdi>
          </Link>
        </h2>
        <span
          data-testid="registration-standing"
          className={cx(
            'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-[12px] font-semibold ring-1',
            standingTones[standing],
          )}
        >
          {t(standingKeys[standing])}
        </span>
      </div>
      <TicketFacts ticket={ticket} />
      {ticket.status === 2 && ticket.review_reason ? (
        <p
          className="rounded-xl bg-red-50 p-3 text-[14px] text-red-700"
          data-testid="registration-review-reason"
        >
          <bdi>{t('registrations.rejectedReason', { reason: ticket.review_reason })}</bdi>
        </p>
      ) : null}
      {ticket.created > 0 ? (
        <p className="text-[12px] text-slate-400">
          {t('registrations.registeredOn', {
            date: momentLabel(ticket.created, meeting.time_zone, language),
          })}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <RowLink to={activityPaths.registration.ticket({ meetingId, ticketId: ticket._id.$id })}>
          <TicketIcon aria-hidden="true" className="size-4" />
          {t('ticket.view')}
        </RowLink>
        {state?.canResubmit ? (
          <RowLink to={activityPaths.activity.form({ meetingId, activityId, ticketId: ticket._id.$id })}>
            <PencilLine aria-hidden="true" className="size-4" />
            {t('registrations.editAnswers')}
          </RowLink>
        ) : null}
        <RowLink to={activityPaths.activity.detail({ meetingId, activityId })}>
          {t('registrations.viewActivity')}
        </RowLink>
      </div>
    </article>
  );
}

function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClass('secondary', 'sm')}>
      {children}
    </Link>
  );
}

export { MyRegistrationRoute as Component };
