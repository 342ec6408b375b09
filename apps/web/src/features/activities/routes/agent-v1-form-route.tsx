import type { Activity, Agent, FormQuestion } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { NoticeDialog } from '../../../components/ui/notice-dialog.tsx';
import { SectionTitle } from '../../../components/ui/page-header.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { orderPaths } from '../../../lib/orders-paths.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useActivity } from '../api/activities.ts';
import { agentQueryKey, useAgent } from '../api/agents.ts';
import { type CheckoutLine, checkout, useQuote } from '../api/checkout.ts';
import { useFormQuestions } from '../api/forms.ts';
import { registerMembers } from '../api/tickets.ts';
import { CheckoutSummary, lineCouponProblem, PayModeChoice } from '../components/checkout-parts.tsx';
import { scrollToFirstProblem, toRuleQuestions } from '../components/form-model.ts';
import { livePrices } from '../components/format.ts';
import {
  AgentNotEnabled,
  duplicateAmong,
  GroupHeading,
  GroupSkeleton,
  GroupSummary,
  MemberList,
} from '../components/group-parts.tsx';
import { MemberBlock, type MemberChoice, type MemberHandle } from '../components/member-block.tsx';
import { useValidationToast } from '../components/question-field.tsx';
import { useDebounced } from '../components/use-debounced.ts';
import { useProblemHandler } from '../components/use-problem-handler.ts';

/**
 * /activity/agent/form?activity_id&agent_id (§2 group registration v1): the group's registered
 * members, then member blocks (questions + ticket type, a coupon code for a paid type) to add, at
 * most the group size cap; the batch is sent at once and succeeds or fails whole (§8 group messages):
 * free types with POST /tickets with members; with a paid type the leader chooses who pays (§4 Group
 * payment: 'I pay for everyone' or 'each member pays'), sees the quote and checks out (POST
 * /checkout/activities with agent_id and pay_mode), then opens the order's pay page.
 */
function AgentV1FormRoute() {
  const { ready } = useTranslation(['activities', 'common']);
  const meetingId = useMeeting()._id.$id;
  const [activityId] = useSearchState('activity_id');
  const [agentId] = useSearchState('agent_id');
  const activity = useActivity(meetingId, activityId);
  const agent = useAgent(activityId ?? '', agentId);
  const questions = useFormQuestions(
    activity.data ? (activity.data.form_id?.$id ?? null) : undefined,
    'member',
  );
  if (!activityId || !agentId) return <Navigate to={paths.notFound()} replace />;
  if (activity.isError || agent.isError || questions.isError) {
    return (
      <ErrorState
        className="py-24"
        onRetry={() => void Promise.all([activity.refetch(), agent.refetch(), questions.refetch()])}
      />
    );
  }
  if (!ready || activity.isPending) return <GroupSkeleton />;
  // Before the form's own loads: an unknown activity has no form, whose query would never start.
  if (!activity.data) return <Navigate to={paths.notFound()} replace />;
  if (activity.data.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  if (agent.isPending || questions.isPending) return <GroupSkeleton />;
  if (activity.data.enable_agent !== 1)
    return <AgentNotEnabled meetingId={meetingId} activityId={activityId} />;
  return (
    <MembersPage
      activity={activity.data}
      agent={agent.data}
      questions={questions.data}
      meetingId={meetingId}
      onRefetch={() => void Promise.all([activity.refetch(), agent.refetch()])}
    />
  );
}

let blockCounter = 0;
const nextBlockKey = () => `m${++blockCounter}`;

function MembersPage({
  activity,
  agent,
  questions,
  meetingId,
  onRefetch,
}: {
  activity: Activity;
  agent: Agent;
  questions: FormQuestion[];
  meetingId: string;
  onRefetch: () => void;
}) {
  const { t } = useTranslation('activities');
  const queryClient = useQueryClient();
  const activityId = activity._id.$id;
  const prices = livePrices(activity);
  const members = agent.members ?? [];
  const room = Math.max(0, activity.agent_max_members - agent.members_total);
  const [blocks, setBlocks] = useState<string[]>(() => (room > 0 ? [nextBlockKey()] : []));
  const handles = useRef(new Map<string, MemberHandle>());
  const [isBusy, setBusy] = useState(false);
  const problems = useProblemHandler(onRefetch);
  const validationToast = useValidationToast();
  const listRef = useRef<HTMLDivElement>(null);
  const register = (key: string, handle: MemberHandle) => handles.current.set(key, handle);
  const navigate = useNavigate();
  const [choices, setChoices] = useState<Record<string, MemberChoice>>({});
  const onChoice = useCallback(
    (key: string, choice: MemberChoice) =>
      setChoices((current) =>
        current[key]?.priceId === choice.priceId && current[key]?.couponCode === choice.couponCode
          ? current
          : { ...current, [key]: choice },
      ),
    [],
  );
  const [payMode, setPayMode] = useState<'leader' | 'each'>('leader');
  const chosenKeys = blocks.filter((key) => choices[key]?.priceId);
  const lines: CheckoutLine[] = chosenKeys.map((key) => {
    const price = prices.find((item) => item._id.$id === choices[key]?.priceId);
    return {
      priceId: choices[key]?.priceId ?? '',
      priceVersion: price?.version,
      data: {},
      couponCode: choices[key]?.couponCode ?? '',
    };
  });
  const isPaid = chosenKeys.some(
    (key) => (prices.find((item) => item._id.$id === choices[key]?.priceId)?.amount ?? 0) > 0,
  );
  const quotedLines = useDebounced(JSON.stringify(lines), 400);
  const quote = useQuote(
    isPaid
      ? { activityId, agentId: agent._id.$id, payMode, lines: JSON.parse(quotedLines) as CheckoutLine[] }
      : null,
  );

  const submit = async () => {
    const current = blocks
      .map((key) => handles.current.get(key))
      .filter((h): h is MemberHandle => Boolean(h));
    const isValid = current.map((handle) => handle.validate()).every(Boolean);
    if (!isValid) {
      validationToast(current.flatMap((handle) => handle.lastProblems()));
      scrollToFirstProblem(listRef.current);
      return;
    }
    const batch = current.map((handle) => handle.payload());
    const duplicate = duplicateAmong(toRuleQuestions(questions), batch, members);
    if (duplicate) {
      problems.setNotice(duplicate);
      return;
    }
    setBusy(true);
    try {
      if (isPaid) {
        const orders = await checkout(
          {
            activityId,
            agentId: agent._id.$id,
            payMode,
            lines: current.map((handle, index) => ({
              priceId: handle.priceId ?? '',
              priceVersion: prices.find((price) => price._id.$id === handle.priceId)?.version,
              data: batch[index] ?? {},
              couponCode: handle.couponCode,
            })),
          },
          quote.data?.total,
        );
        await queryClient.invalidateQueries({ queryKey: agentQueryKey(activityId, agent._id.$id) });
        const first = orders[0];
        if (first) navigate(orderPaths.detail({ meetingId, checkoutId: first._id.$id }));
        return;
      }
      const created = await registerMembers({
        activityId,
        agentId: agent._id.$id,
        members: current.map((handle, index) => ({
          price_id: handle.priceId ?? '',
          price_version: prices.find((price) => price._id.$id === handle.priceId)?.version,
          data: batch[index] ?? {},
        })),
      });
      showToast(t('group.registered', { count: created.length }));
      handles.current.clear();
      setBlocks([]);
      await queryClient.invalidateQueries({ queryKey: agentQueryKey(activityId, agent._id.$id) });
      await queryClient.invalidateQueries({ queryKey: ['activities', 'detail'] });
    } catch (error) {
      problems.handle(error, null);
    } finally {
      setBusy(false);
    }
  };

  const canAdd = blocks.length < room;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 pt-4 pb-10 desk:pt-8">
      <GroupHeading activity={activity} />
      <GroupSummary
        agent={agent}
        activity={activity}
        editTo={activityPaths.agent.v1({ meetingId, activityId, agentId: agent._id.$id })}
      />
      <section aria-labelledby="group-members-title">
        <SectionTitle id="group-members-title">{t('group.members')}</SectionTitle>
        <MemberList members={members} />
      </section>
      <section className="space-y-4" aria-label={t('group.addMember')}>
        <p className="text-sm text-slate-500" data-testid="group-room">
          {room === 0 ? t('group.full') : t('group.roomLeft', { count: Math.max(0, room - blocks.length) })}
        </p>
        <div ref={listRef} className="space-y-4">
          {blocks.map((key, index) => (
            <MemberBlock
              key={key}
              blockKey={key}
              number={members.length + index + 1}
              questions={questions}
              prices={prices}
              register={register}
              onChoice={onChoice}
              couponProblem={lineCouponProblem(quote.data, chosenKeys.indexOf(key))}
              onRemove={() => {
                handles.current.delete(key);
                setBlocks((current) => current.filter((item) => item !== key));
              }}
            />
          ))}
        </div>
        {canAdd ? (
          <Button
            variant="secondary"
            className="w-full border-dashed"
            onClick={() => setBlocks((current) => [...current, nextBlockKey()])}
            data-testid="add-member"
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('group.addMember')}
          </Button>
        ) : null}
        {blocks.length > 0 && isPaid ? (
          <>
            <PayModeChoice value={payMode} onChange={setPayMode} />
            <CheckoutSummary quote={quote.data} isUpdating={quote.isFetching} />
          </>
        ) : null}
        {blocks.length > 0 ? (
          <Button className="w-full" onClick={submit} disabled={isBusy} data-testid="submit-members">
            {isPaid ? t('checkout.submit') : t('group.submitMembers', { count: blocks.length })}
          </Button>
        ) : null}
      </section>
      <NoticeDialog
        isOpen={problems.notice !== null}
        title={problems.notice ? t(`errors.${problems.notice}`) : ''}
        acknowledgeLabel={t('actions.gotIt')}
        onClose={() => problems.setNotice(null)}
      />
    </div>
  );
}

export { AgentV1FormRoute as Component };
