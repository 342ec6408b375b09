import type { Activity, FormAnswers, FormQuestion, Ticket } from '@app/contracts';
import { localize } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CalendarDays } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { NoticeDialog } from '../../../components/ui/notice-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { credentialPaths } from '../../../lib/credentials-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { confirmInvitation } from '../../../lib/invitation-attribution.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { orderPaths } from '../../../lib/orders-paths.ts';
import { paths } from '../../../lib/paths.ts';
import { useRealNameGate } from '../../../lib/use-real-name-gate.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useActivity } from '../api/activities.ts';
import { checkout, useQuote } from '../api/checkout.ts';
import { resubmitAnswers, useFormQuestions, useTicketAnswers } from '../api/forms.ts';
import { registerTicket, useMyTickets } from '../api/tickets.ts';
import { AnswersFields } from '../components/answers-fields.tsx';
import {
  CheckoutSummary,
  CouponField,
  couponProblemKey,
  lineCouponProblem,
} from '../components/checkout-parts.tsx';
import { scrollToFirstProblem, useAnswers } from '../components/form-model.ts';
import { activityWhen, livePrices } from '../components/format.ts';
import type { ProblemKey } from '../components/problems.ts';
import { useValidationToast } from '../components/question-field.tsx';
import { refusalKeys } from '../components/refusal.ts';
import { stateOf } from '../components/state-badge.tsx';
import { useDebounced } from '../components/use-debounced.ts';
import { useProblemHandler } from '../components/use-problem-handler.ts';

/**
 * /activity/form?activity_id[&ticket_id] (§2, §5): the registration form. New registrations of a
 * free type go to POST /tickets with the chosen ticket type and its version, the visible answers only
 * and the stored source; a paid type (§4 Order) shows a coupon code field (§3 Registrant) and the
 * quote (POST /checkout/activities/quote, asked again as the type or code changes), then buys it with
 * POST /checkout/activities and the total shown (4340 when it changed) and opens the order's pay page.
 * With `ticket_id` the answers are prefilled and resubmitted with PUT /forms/{id}/answers (§4
 * resubmission rules).
 */
function ActivityFormRoute() {
  const { ready } = useTranslation(['activities', 'common']);
  const meetingId = useMeeting()._id.$id;
  const [activityId] = useSearchState('activity_id');
  const [ticketId] = useSearchState('ticket_id');
  const activity = useActivity(meetingId, activityId);
  const questions = useFormQuestions(
    activity.data ? (activity.data.form_id?.$id ?? null) : undefined,
    'member',
  );
  const tickets = useMyTickets(meetingId, true, activityId);
  const answers = useTicketAnswers(activity.data?.form_id?.$id, ticketId);
  // §3 Registrant ID number: a real-name meeting sends a new registrant without a credential to /credential first.
  const realName = useRealNameGate(meetingId, !ticketId);
  const location = useLocation();
  // The form needs a login: the visit through an invitation is now linked to this user (§7 invites).
  useEffect(() => confirmInvitation(meetingId), [meetingId]);

  if (!activityId) return <Navigate to={paths.notFound()} replace />;
  if (activity.isError || questions.isError || tickets.isError || answers.isError) {
    return (
      <ErrorState
        className="py-24"
        onRetry={() => {
          void activity.refetch();
          void questions.refetch();
          void tickets.refetch();
          if (ticketId) void answers.refetch();
        }}
      />
    );
  }
  if (!ready || activity.isPending) return <FormSkeleton />;
  // Before the form's own loads: an unknown activity has no form, whose query would never start.
  if (activity.data === null) return <Navigate to={paths.notFound()} replace />;
  if (activity.data.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  if (questions.isPending || tickets.isPending || realName.isPending) return <FormSkeleton />;
  if (realName.needsCredential) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={credentialPaths.credential({ meetingId, redirect })} replace />;
  }
  if (ticketId && activity.data.form_id && answers.isPending) return <FormSkeleton />;
  const editing = ticketId ? tickets.data.find((ticket) => ticket._id.$id === ticketId) : undefined;
  if (ticketId && !editing) return <Navigate to={paths.notFound()} replace />;
  return (
    <FormPage
      key={`${activityId}-${ticketId ?? ''}`}
      activity={activity.data}
      questions={questions.data}
      meetingId={meetingId}
      ownTicket={tickets.data[0]}
      editing={editing}
      initial={answers.data?.data ?? editing?.form}
      onRefetch={() => void activity.refetch()}
    />
  );
}

function FormPage({
  activity,
  questions,
  meetingId,
  ownTicket,
  editing,
  initial,
  onRefetch,
}: {
  activity: Activity;
  questions: FormQuestion[];
  meetingId: string;
  ownTicket: Ticket | undefined;
  editing: Ticket | undefined;
  initial: FormAnswers | undefined;
  onRefetch: () => void;
}) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const meeting = useMeeting();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const prices = livePrices(activity);
  const state = useAnswers({ questions, prices, initial, fixedPriceId: editing?.price_id.$id });
  const [isBusy, setBusy] = useState(false);
  const [hasTried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const problems = useProblemHandler(onRefetch);
  const validationToast = useValidationToast();
  const activityId = activity._id.$id;
  const registration = stateOf(activity, editing ?? ownTicket);
  const detailPath = activityPaths.activity.detail({ meetingId, activityId });
  const chosen = prices.find((item) => item._id.$id === state.priceId);
  const isPaid = !editing && (chosen?.amount ?? 0) > 0;
  const [coupon, setCoupon] = useState('');
  const [couponProblem, setCouponProblem] = useState<ProblemKey | undefined>();
  const quotedCoupon = useDebounced(coupon, 400);
  const quote = useQuote(
    isPaid && chosen
      ? {
          activityId,
          lines: [
            { priceId: chosen._id.$id, priceVersion: chosen.version, data: {}, couponCode: quotedCoupon },
          ],
        }
      : null,
  );
  const shownCouponProblem =
    couponProblem ?? (quotedCoupon === coupon ? lineCouponProblem(quote.data, 0) : undefined);

  // A new registration that cannot be made (not started, closed, full, already registered): say so.
  if (!editing && registration.refusal) {
    return (
      <div className="mx-auto max-w-lg px-4 py-10">
        <EmptyState
          icon={<AlertCircle aria-hidden="true" className="size-7" />}
          title={t(`errors.${refusalKeys[registration.refusal]}`)}
          action={
            <Link to={detailPath} className={buttonClass('secondary')}>
              {t('actions.backToActivity')}
            </Link>
          }
        />
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!state.validate()) {
      validationToast(state.lastProblems());
      scrollToFirstProblem(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const data = state.payload();
      if (editing) {
        if (activity.form_id) await resubmitAnswers(activity.form_id.$id, editing._id.$id, data);
        await queryClient.invalidateQueries({ queryKey: ['activities'] });
        showToast(t('form.saved'));
        navigate(activityPaths.activity.success({ meetingId, activityId, ticketId: editing._id.$id }), {
          replace: true,
        });
        return;
      }
      if (isPaid && chosen) {
        const [order] = await checkout(
          {
            activityId,
            lines: [{ priceId: chosen._id.$id, priceVersion: chosen.version, data, couponCode: coupon }],
          },
          quote.data?.total,
        );
        await queryClient.invalidateQueries({ queryKey: ['activities'] });
        if (order) navigate(orderPaths.detail({ meetingId, checkoutId: order._id.$id }), { replace: true });
        return;
      }
      const price = prices.find((item) => item._id.$id === state.priceId);
      const ticket = await registerTicket({
        activityId,
        priceId: state.priceId,
        priceVersion: price?.version,
        data,
      });
      await queryClient.invalidateQueries({ queryKey: ['activities'] });
      navigate(activityPaths.activity.success({ meetingId, activityId, ticketId: ticket._id.$id }), {
        replace: true,
        state: { isJustSubmitted: true },
      });
    } catch (error) {
      const couponKey = error instanceof ApiError ? couponProblemKey(error.code) : undefined;
      if (couponKey) {
        setCouponProblem(couponKey);
        scrollToFirstProblem(formRef.current);
      } else if (problems.handle(error, state)) scrollToFirstProblem(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  const hasProblems = hasTried && Object.keys(state.problems).length > 0;
  return (
    <div className="mx-auto max-w-2xl px-4 pt-4 pb-10 desk:pt-8">
      <Card className="mb-5 flex items-start gap-3 p-4">
        <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900" data-testid="form-activity-title">
            <bdi>{localize(activity.title, language)}</bdi>
          </p>
          <p className="mt-0.5 text-[13px] text-slate-500">
            {activityWhen(activity, meeting.time_zone, language)}
          </p>
        </div>
      </Card>
      <h1 className="mb-1 text-xl font-bold text-slate-900">
        {editing ? t('form.editTitle') : t('form.title')}
      </h1>
      <p className="mb-5 text-sm text-slate-500">{t('form.intro')}</p>
      {hasProblems ? (
        <div
          role="alert"
          className="mb-5 flex items-center gap-2 rounded-card bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-200"
          data-testid="form-banner"
        >
          <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
          {t('errors.formRequired')}
        </div>
      ) : null}
      <form ref={formRef} noValidate onSubmit={submit} data-testid="registration-form">
        <AnswersFields state={state} prices={prices} scope="main" />
        {isPaid ? (
          <div className="mt-6 space-y-4">
            <CouponField
              value={coupon}
              onChange={(value) => {
                setCoupon(value);
                setCouponProblem(undefined);
              }}
              problem={shownCouponProblem}
            />
            <CheckoutSummary quote={quote.data} isUpdating={quote.isFetching} />
          </div>
        ) : null}
        <Button type="submit" className="mt-8 w-full" disabled={isBusy} data-testid="form-submit">
          {isBusy
            ? t('form.submitting')
            : editing
              ? t('form.save')
              : isPaid
                ? t('checkout.submit')
                : t('form.submit')}
        </Button>
      </form>
      <NoticeDialog
        isOpen={problems.notice !== null}
        title={problems.notice ? t(`errors.${problems.notice}`) : ''}
        acknowledgeLabel={t('actions.gotIt')}
        onClose={() => problems.setNotice(null)}
      />
    </div>
  );
}

function FormSkeleton() {
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 pt-4 desk:pt-8" aria-busy="true">
      <Skeleton className="h-20 w-full rounded-card" />
      <Skeleton className="h-6 w-40" />
      {Array.from({ length: 4 }, (_, i) => `f${i}`).map((key) => (
        <div key={key} className="space-y-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-12 w-full rounded-card" />
        </div>
      ))}
    </div>
  );
}

export { ActivityFormRoute as Component };
