import type { Activity, Agent } from '@app/contracts';
import { localize } from '@app/domain';
import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionTitle } from '../../../components/ui/page-header.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useActivity } from '../api/activities.ts';
import { useAgent } from '../api/agents.ts';
import { currencyOf, formatAmount, isSoldOut, livePrices, ticketsLeft } from '../components/format.ts';
import { GroupDetailsForm } from '../components/group-details-form.tsx';
import {
  AgentNotEnabled,
  GroupHeading,
  GroupSkeleton,
  GroupSummary,
  MyGroups,
} from '../components/group-parts.tsx';
import { readDraft, slotsOf, writeDraft } from '../components/v2-draft.ts';

/**
 * /meeting/:meetingId/activity/:activityId/agent/v2/:mode? (§2 group registration v2): without a
 * group (or with mode 'edit') the group's details; with `agent_id` the ticket types with +/−
 * quantities (max per group, sold out, the group size cap), then 'Fill in members'.
 */
function AgentV2Route() {
  const { ready } = useTranslation(['activities', 'common']);
  const { meetingId = '', activityId = '', mode } = useParams();
  const [agentId] = useSearchState('agent_id');
  const activity = useActivity(meetingId, activityId);
  const agent = useAgent(activityId, agentId);
  const navigate = useNavigate();
  if (activity.isError || agent.isError) {
    return (
      <ErrorState className="py-24" onRetry={() => void Promise.all([activity.refetch(), agent.refetch()])} />
    );
  }
  if (!ready || activity.isPending || (agentId && agent.isPending)) return <GroupSkeleton />;
  if (!activity.data) return <Navigate to={paths.notFound()} replace />;
  if (activity.data.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  if (activity.data.enable_agent !== 1)
    return <AgentNotEnabled meetingId={meetingId} activityId={activityId} />;
  const current = agent.data;
  if (!current || mode === 'edit') {
    return (
      <div className="mx-auto max-w-2xl space-y-5 px-4 pt-4 pb-10 desk:pt-8">
        <GroupHeading activity={activity.data} />
        {current ? null : (
          <MyGroups
            activityId={activityId}
            linkOf={(item) => activityPaths.agent.v2({ meetingId, activityId, agentId: item._id.$id })}
          />
        )}
        <GroupDetailsForm
          activity={activity.data}
          agent={current}
          onSaved={(saved) =>
            navigate(activityPaths.agent.v2({ meetingId, activityId, agentId: saved._id.$id }), {
              replace: true,
            })
          }
        />
      </div>
    );
  }
  return <TicketPlan key={current._id.$id} activity={activity.data} agent={current} meetingId={meetingId} />;
}

function TicketPlan({ activity, agent, meetingId }: { activity: Activity; agent: Agent; meetingId: string }) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const navigate = useNavigate();
  const activityId = activity._id.$id;
  const agentId = agent._id.$id;
  const prices = livePrices(activity);
  const [plan, setPlan] = useState<Record<string, number>>(() => readDraft(agentId).plan);
  const members = agent.members ?? [];
  const room = Math.max(0, activity.agent_max_members - agent.members_total);
  const total = Object.values(plan).reduce((sum, count) => sum + count, 0);

  const limitOf = (priceId: string) => {
    const price = prices.find((item) => item._id.$id === priceId);
    if (!price) return 0;
    const held = members.filter((ticket) => ticket.price_id.$id === priceId).length;
    const perGroup =
      price.max_per_agent > 0 ? Math.max(0, price.max_per_agent - held) : Number.POSITIVE_INFINITY;
    const left = ticketsLeft(price) ?? Number.POSITIVE_INFINITY;
    const mine = plan[priceId] ?? 0;
    return Math.min(perGroup, left, mine + (room - total));
  };
  const change = (priceId: string, delta: number) => {
    setPlan((current) => {
      const next = { ...current, [priceId]: Math.max(0, (current[priceId] ?? 0) + delta) };
      const draft = readDraft(agentId);
      writeDraft(agentId, { ...draft, plan: next });
      return next;
    });
  };
  const fill = () => {
    if (total === 0) {
      showToast(t('group.emptyPlan'));
      return;
    }
    const first = slotsOf(plan, prices)[0];
    navigate(activityPaths.agent.v2Form({ meetingId, activityId, agentId, priceId: first?._id.$id }));
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 pt-4 pb-10 desk:pt-8">
      <GroupHeading activity={activity} />
      <GroupSummary
        agent={agent}
        activity={activity}
        editTo={activityPaths.agent.v2({ meetingId, activityId, agentId, mode: 'edit' })}
      />
      {members.length > 0 ? (
        <Link
          to={activityPaths.agent.v2Tickets({ meetingId, activityId, agentId })}
          className={buttonClass('ghost', 'sm', 'w-full')}
          data-testid="group-view-tickets"
        >
          {t('group.viewTickets')} ({members.length})
        </Link>
      ) : null}
      <section aria-labelledby="plan-title">
        <SectionTitle id="plan-title">{t('group.chooseTickets')}</SectionTitle>
        <p className="-mt-1 mb-3 text-sm text-slate-500">
          {room === 0 ? t('group.full') : t('group.roomLeft', { count: room })}
        </p>
        <Card className="divide-y divide-slate-100">
          {prices.map((price) => {
            const id = price._id.$id;
            const count = plan[id] ?? 0;
            const soldOut = isSoldOut(price);
            const name = localize(price.title, language);
            const canAdd = !soldOut && count < limitOf(id);
            return (
              <div key={id} className="flex items-center gap-3 px-4 py-3.5" data-testid="plan-row">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{name}</p>
                  <p className="mt-0.5 flex flex-wrap gap-x-2 text-[13px] text-slate-500">
                    <span className="font-semibold text-primary">
                      {formatAmount(price.amount, t('price.free'), language, currencyOf(activity))}
                    </span>
                    {soldOut ? (
                      <span className="font-medium text-red-500">{t('price.soldOut')}</span>
                    ) : price.max_per_agent > 0 ? (
                      <span>{t('group.perGroupLimit', { count: price.max_per_agent })}</span>
                    ) : null}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <button
                    type="button"
                    onClick={() => change(id, -1)}
                    disabled={count === 0}
                    aria-label={t('group.decrease', { name })}
                    className="flex size-9 items-center justify-center rounded-full ring-1 ring-slate-200 disabled:opacity-40"
                  >
                    <Minus aria-hidden="true" className="size-4" />
                  </button>
                  <output
                    aria-label={t('group.quantity', { name })}
                    className="w-6 text-center font-semibold tabular-nums"
                    data-testid="plan-count"
                  >
                    {count}
                  </output>
                  <button
                    type="button"
                    onClick={() => change(id, 1)}
                    disabled={!canAdd}
                    aria-label={t('group.increase', { name })}
                    className="flex size-9 items-center justify-center rounded-full bg-primary text-on-primary disabled:opacity-40"
                    data-testid="plan-increase"
                  >
                    <Plus aria-hidden="true" className="size-4" />
                  </button>
                </div>
              </div>
            );
          })}
        </Card>
      </section>
      <div className="space-y-2">
        <p className="text-center text-sm text-slate-600">{t('group.total', { count: total })}</p>
        <Button className="w-full" onClick={fill} disabled={total === 0} data-testid="fill-members">
          {t('group.fillMembers')}
        </Button>
      </div>
    </div>
  );
}

export { AgentV2Route as Component };
