import type { Activity, Agent, FormAnswers, FormQuestion, Ticket } from '@app/contracts';
import { localize } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { NoticeDialog } from '../../../components/ui/notice-dialog.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { orderPaths } from '../../../lib/orders-paths.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useActivity } from '../api/activities.ts';
import { agentQueryKey, useAgent } from '../api/agents.ts';
import { checkout, useQuote } from '../api/checkout.ts';
import { useFormQuestions } from '../api/forms.ts';
import { registerMembers, updateTicketAnswers } from '../api/tickets.ts';
import { AnswersFields } from '../components/answers-fields.tsx';
import {
  CheckoutSummary,
  CouponField,
  lineCouponProblem,
  PayModeChoice,
} from '../components/checkout-parts.tsx';
import { scrollToFirstProblem, toRuleQuestions, useAnswers } from '../components/form-model.ts';
import { livePrices } from '../components/format.ts';
import { duplicateAmong, firstText, GroupHeading, GroupSkeleton } from '../components/group-parts.tsx';
import { useValidationToast } from '../components/question-field.tsx';
import { useProblemHandler } from '../components/use-problem-handler.ts';
import { clearDraft, readDraft, slotsOf, writeDraft } from '../components/v2-draft.ts';

/**
 * Group registration v2 member forms (§2):
 * - /m/:meetingId/a/:activityId/agent/v2/form/:priceId?agent_id=&member=: one member form per
 *   planned ticket ('member 2 of 3'), the draft kept in sessionStorage; `member=review` lists them
 *   and submits the batch (one POST /tickets with members) → the group's tickets page; with a paid
 *   type each paid member's form takes their coupon code, and the review adds who pays (§4 Group
 *   payment) and the quote, and checks out (POST /checkout/activities with agent_id and pay_mode)
 *   → the order's pay page;
 * - /m/:meetingId/a/:activityId/agent/v2/t/:ticketId/form?agent_id=: edits one registered member
 *   (PUT /tickets/{id} with data).
 */
function AgentV2FormRoute() {
  const { ready } = useTranslation(['activities', 'common']);
  const { meetingId = '', activityId = '', priceId, ticketId } = useParams();
  const [agentId] = useSearchState('agent_id');
  const activity = useActivity(meetingId, activityId);
  const agent = useAgent(activityId, agentId);
  const questions = useFormQuestions(
    activity.data ? (activity.data.form_id?.$id ?? null) : undefined,
    'member',
  );
  // The activity first (§2: unknown → /404, deleted → /204), then the group and its form.
  if (activity.isError) return <ErrorState className="py-24" onRetry={() => void activity.refetch()} />;
  if (!ready || activity.isPending) return <GroupSkeleton />;
  if (!activity.data) return <Navigate to={paths.notFound()} replace />;
  if (activity.data.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  if (!agentId) return <Navigate to={activityPaths.agent.v2({ meetingId, activityId })} replace />;
  if (agent.isError || questions.isError) {
    return (
      <ErrorState
        className="py-24"
        onRetry={() => void Promise.all([activity.refetch(), agent.refetch(), questions.refetch()])}
      />
    );
  }
  if (agent.isPending || questions.isPending) return <GroupSkeleton />;
  const props = {
    activity: activity.data,
    agent: agent.data,
    questions: questions.data,
    meetingId,
    onRefetch: () => void Promise.all([activity.refetch(), agent.refetch()]),
  };
  if (ticketId) {
    const ticket = agent.data.members?.find((item) => item._id.$id === ticketId);
    if (!ticket) return <Navigate to={paths.notFound()} replace />;
    return <EditMember key={ticketId} ticket={ticket} {...props} />;
  }
  return <MemberSlots priceId={priceId} {...props} />;
}

type PageProps = {
  activity: Activity;
  agent: Agent;
  questions: FormQuestion[];
  meetingId: string;
  onRefetch: () => void;
};

function MemberSlots({
  priceId,
  activity,
  agent,
  questions,
  meetingId,
  onRefetch,
}: PageProps & { priceId?: string | undefined }) {
  const [member, setMember] = useSearchState('member');
  const activityId = activity._id.$id;
  const agentId = agent._id.$id;
  const prices = livePrices(activity);
  const [draft, setDraft] = useState(() => readDraft(agentId));
  const slots = slotsOf(draft.plan, prices);
  if (slots.length === 0)
    return <Navigate to={activityPaths.agent.v2({ meetingId, activityId, agentId })} replace />;
  const save = (index: number, answers: FormAnswers, coupon: string) => {
    const next = {
      ...draft,
      members: { ...draft.members, [index]: answers },
      coupons: { ...draft.coupons, [index]: coupon },
    };
    setDraft(next);
    writeDraft(agentId, next);
  };
  if (member === 'review') {
    return (
      <Review
        activity={activity}
        agent={agent}
        questions={questions}
        meetingId={meetingId}
        onRefetch={onRefetch}
        slots={slots}
        answersOf={(index) => draft.members[index]}
        couponOf={(index) => draft.coupons?.[index] ?? ''}
        onEdit={(index) => setMember(String(index))}
      />
    );
  }
  const fromPrice = priceId ? slots.findIndex((slot) => slot._id.$id === priceId) : 0;
  const requested = member === undefined ? Math.max(0, fromPrice) : Number(member);
  const index = Number.isInteger(requested) && requested >= 0 && requested < slots.length ? requested : 0;
  const slot = slots[index];
  if (!slot) return null;
  return (
    <div className="mx-auto max-w-2xl space-y-5 px-4 pt-4 pb-10 desk:pt-8">
      <GroupHeading activity={activity} />
      <MemberStep
        key={index}
        index={index}
        total={slots.length}
        priceTitle={slot.title}
        questions={questions}
        prices={prices}
        priceId={slot._id.$id}
        initial={draft.members[index]}
        initialCoupon={draft.coupons?.[index] ?? ''}
        onBack={index > 0 ? () => setMember(String(index - 1)) : undefined}
        onDone={(answers, coupon) => {
          save(index, answers, coupon);
          setMember(index + 1 < slots.length ? String(index + 1) : 'review');
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}

function MemberStep({
  index,
  total,
  priceTitle,
  questions,
  prices,
  priceId,
  initial,
  initialCoupon,
  onBack,
  onDone,
}: {
  index: number;
  total: number;
  priceTitle: Activity['prices'][number]['title'];
  questions: FormQuestion[];
  prices: Activity['prices'];
  priceId: string;
  initial: FormAnswers | undefined;
  initialCoupon: string;
  onBack: (() => void) | undefined;
  onDone: (answers: FormAnswers, coupon: string) => void;
}) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const state = useAnswers({ questions, prices, initial, fixedPriceId: priceId });
  const validationToast = useValidationToast();
  const formRef = useRef<HTMLFormElement>(null);
  const isPaid = (prices.find((price) => price._id.$id === priceId)?.amount ?? 0) > 0;
  const [coupon, setCoupon] = useState(initialCoupon);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!state.validate()) {
      validationToast(state.lastProblems());
      scrollToFirstProblem(formRef.current);
      return;
    }
    onDone(state.payload(), isPaid ? coupon.trim() : '');
  };
  return (
    <form ref={formRef} noValidate onSubmit={submit} data-testid="member-form">
      <Card className="space-y-5 p-4 desk:p-5">
        <div>
          <p className="text-xs font-medium text-primary" data-testid="member-progress">
            {t('group.progress', { current: index + 1, total })}
          </p>
          <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${((index + 1) / total) * 100}%` }}
            />
          </div>
          <h2 className="mt-3 text-lg font-semibold text-slate-900">
            {t('group.member', { number: index + 1 })} · {localize(priceTitle, language)}
          </h2>
        </div>
        <AnswersFields state={state} prices={prices} scope={`slot${index}`} />
        {isPaid ? <CouponField value={coupon} onChange={setCoupon} problem={undefined} /> : null}
        <div className="flex gap-3 pt-2">
          {onBack ? (
            <Button variant="secondary" className="flex-1" onClick={onBack}>
              {t('group.previous')}
            </Button>
          ) : null}
          <Button type="submit" className="flex-1" data-testid="member-next">
            {index + 1 < total ? t('group.next') : t('group.review')}
          </Button>
        </div>
      </Card>
    </form>
  );
}

function Review({
  activity,
  agent,
  questions,
  meetingId,
  onRefetch,
  slots,
  answersOf,
  couponOf,
  onEdit,
}: PageProps & {
  slots: Activity['prices'];
  answersOf: (index: number) => FormAnswers | undefined;
  couponOf: (index: number) => string;
  onEdit: (index: number) => void;
}) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const problems = useProblemHandler(onRefetch);
  const [isBusy, setBusy] = useState(false);
  const activityId = activity._id.$id;
  const agentId = agent._id.$id;
  const missing = slots.findIndex((_, index) => answersOf(index) === undefined);
  const isPaid = slots.some((price) => price.amount > 0);
  const [payMode, setPayMode] = useState<'leader' | 'each'>('leader');
  // Each paid member's coupon code was typed on their form (§3 Registrant coupon code).
  const checkoutLines = (batch: FormAnswers[]) =>
    slots.map((price, index) => ({
      priceId: price._id.$id,
      priceVersion: price.version,
      data: batch[index] ?? {},
      couponCode: couponOf(index),
    }));
  const quote = useQuote(isPaid ? { activityId, agentId, payMode, lines: checkoutLines([]) } : null);

  const submit = async () => {
    if (missing >= 0) {
      onEdit(missing);
      return;
    }
    const batch = slots.map((_, index) => answersOf(index) ?? {});
    const duplicate = duplicateAmong(toRuleQuestions(questions), batch, agent.members ?? []);
    if (duplicate) {
      problems.setNotice(duplicate);
      return;
    }
    setBusy(true);
    try {
      if (isPaid) {
        const orders = await checkout(
          { activityId, agentId, payMode, lines: checkoutLines(batch) },
          quote.data?.total,
        );
        clearDraft(agentId);
        await queryClient.invalidateQueries({ queryKey: agentQueryKey(activityId, agentId) });
        const first = orders[0];
        if (first) navigate(orderPaths.detail({ meetingId, checkoutId: first._id.$id }), { replace: true });
        return;
      }
      await registerMembers({
        activityId,
        agentId,
        members: slots.map((price, index) => ({
          price_id: price._id.$id,
          price_version: price.version,
          data: batch[index] ?? {},
        })),
      });
      clearDraft(agentId);
      await queryClient.invalidateQueries({ queryKey: agentQueryKey(activityId, agentId) });
      await queryClient.invalidateQueries({ queryKey: ['activities', 'detail'] });
      showToast(t('group.registered', { count: slots.length }));
      navigate(activityPaths.agent.v2Tickets({ meetingId, activityId, agentId }), { replace: true });
    } catch (error) {
      problems.handle(error, null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl space-y-5 px-4 pt-4 pb-10 desk:pt-8">
      <GroupHeading activity={activity} />
      <h2 className="text-lg font-semibold text-slate-900">{t('group.reviewTitle')}</h2>
      <Card className="divide-y divide-slate-100" data-testid="review-list">
        {slots.map((price, index) => {
          const answers = answersOf(index);
          const code = couponOf(index);
          const couponProblem = lineCouponProblem(quote.data, index);
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slots are a fixed expansion of the plan
              key={`${price._id.$id}-${index}`}
              className="flex items-center gap-3 px-4 py-3"
              data-testid="review-member"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-600">
                {index + 1}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900">
                  {answers ? (
                    <bdi>{firstText(answers) || t('group.member', { number: index + 1 })}</bdi>
                  ) : null}
                  {answers ? null : <span className="text-amber-600">{t('group.notFilled')}</span>}
                </span>
                <span className="text-xs text-slate-500">
                  {localize(price.title, language)}
                  {code ? ` · ${t('checkout.coupon')} ${code.toUpperCase()}` : ''}
                </span>
                {couponProblem ? (
                  <span role="alert" className="block text-xs text-red-600" data-testid="coupon-problem">
                    {t(`errors.${couponProblem}`)}
                  </span>
                ) : null}
              </span>
              <button
                type="button"
                onClick={() => onEdit(index)}
                className={buttonClass('ghost', 'sm', 'px-2')}
                aria-label={`${t('group.editMember')} ${index + 1}`}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </button>
            </div>
          );
        })}
      </Card>
      {isPaid ? (
        <div className="space-y-4">
          <PayModeChoice value={payMode} onChange={setPayMode} />
          <CheckoutSummary quote={quote.data} isUpdating={quote.isFetching} />
        </div>
      ) : null}
      <div className="flex gap-3">
        <Link
          to={activityPaths.agent.v2({ meetingId, activityId, agentId })}
          className={buttonClass('secondary', 'md', 'flex-1')}
        >
          {t('group.chooseTickets')}
        </Link>
        <Button className="flex-1" onClick={submit} disabled={isBusy} data-testid="submit-group">
          {isPaid ? t('checkout.submit') : t('group.submitGroup')}
        </Button>
      </div>
      <NoticeDialog
        isOpen={problems.notice !== null}
        title={problems.notice ? t(`errors.${problems.notice}`) : ''}
        acknowledgeLabel={t('actions.gotIt')}
        onClose={() => problems.setNotice(null)}
      />
    </div>
  );
}

function EditMember({
  ticket,
  activity,
  agent,
  questions,
  meetingId,
  onRefetch,
}: PageProps & { ticket: Ticket }) {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const prices = livePrices(activity);
  const state = useAnswers({ questions, prices, initial: ticket.form, fixedPriceId: ticket.price_id.$id });
  const validationToast = useValidationToast();
  const problems = useProblemHandler(onRefetch);
  const [isBusy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const activityId = activity._id.$id;
  const agentId = agent._id.$id;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!state.validate()) {
      validationToast(state.lastProblems());
      scrollToFirstProblem(formRef.current);
      return;
    }
    setBusy(true);
    try {
      await updateTicketAnswers(ticket._id.$id, state.payload());
      await queryClient.invalidateQueries({ queryKey: agentQueryKey(activityId, agentId) });
      showToast(t('group.memberSaved'));
      navigate(activityPaths.agent.v2Tickets({ meetingId, activityId, agentId }), { replace: true });
    } catch (error) {
      if (problems.handle(error, state)) scrollToFirstProblem(formRef.current);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mx-auto max-w-2xl space-y-5 px-4 pt-4 pb-10 desk:pt-8">
      <GroupHeading activity={activity} />
      <form ref={formRef} noValidate onSubmit={submit} data-testid="member-edit-form">
        <Card className="space-y-5 p-4 desk:p-5">
          <AnswersFields state={state} prices={prices} scope="edit" />
          <Button type="submit" className="w-full" disabled={isBusy}>
            {t('group.saveMember')}
          </Button>
        </Card>
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

export { AgentV2FormRoute as Component };
