import type { Activity, Agent, FormAnswers, Ticket } from '@app/contracts';
import { localize } from '@app/domain';
import { ChevronRight, Pencil, Users, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMyAgents } from '../api/agents.ts';
import type { RuledQuestion } from './form-model.ts';
import { StateBadge } from './state-badge.tsx';

/** The group's card: name, liaison and mobile, member count and the size cap, an edit link. */
export function GroupSummary({
  agent,
  activity,
  editTo,
}: {
  agent: Agent;
  activity: Activity;
  editTo: string;
}) {
  const { t } = useTranslation('activities');
  return (
    <Card className="flex items-start gap-3 p-4" data-testid="group-summary">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Users aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          <bdi>{agent.name}</bdi>
        </p>
        <p className="mt-0.5 text-[13px] text-slate-500">
          <bdi>{agent.liaison}</bdi> ·{' '}
          <bdi dir="ltr">
            +{agent.area_code} {agent.phone}
          </bdi>
        </p>
        <p className="mt-1 text-xs text-slate-500">
          {t('group.membersCount', { count: agent.members_total })} ·{' '}
          {t('group.maxMembers', { count: activity.agent_max_members })}
        </p>
      </div>
      <Link
        to={editTo}
        className={buttonClass('ghost', 'sm', 'shrink-0')}
        aria-label={t('group.editDetails')}
      >
        <Pencil aria-hidden="true" className="size-4" />
      </Link>
    </Card>
  );
}

/** Groups the caller already leads for this activity, each with a 'Continue' link. */
export function MyGroups({ activityId, linkOf }: { activityId: string; linkOf: (agent: Agent) => string }) {
  const { t } = useTranslation('activities');
  const agents = useMyAgents(activityId);
  if (!agents.data || agents.data.length === 0) return null;
  return (
    <section aria-labelledby="my-groups" className="space-y-2">
      <h2 id="my-groups" className="text-sm font-medium text-slate-600">
        {t('group.yourGroups')}
      </h2>
      <Card className="divide-y divide-slate-100">
        {agents.data.map((agent) => (
          <Link
            key={agent._id.$id}
            to={linkOf(agent)}
            className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50"
            data-testid="my-group"
          >
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900">
                <bdi>{agent.name}</bdi>
              </span>
              <span className="text-xs text-slate-500">
                {t('group.membersCount', { count: agent.members_total })}
              </span>
            </span>
            <span className="text-sm font-medium text-primary">{t('group.continueGroup')}</span>
            <ChevronRight aria-hidden="true" className="size-4 text-primary rtl:-scale-x-100" />
          </Link>
        ))}
      </Card>
    </section>
  );
}

/** A member's display name: the ticket's name, else the first text answer. */
export function memberName(ticket: Pick<Ticket, 'name' | 'form'>): string {
  if (ticket.name) return ticket.name;
  return firstText(ticket.form);
}

export function firstText(answers: FormAnswers): string {
  for (const value of Object.values(answers))
    if (typeof value === 'string' && value && !/^[0-9a-f]{24}$/.test(value) && !value.startsWith('http'))
      return value;
  return '';
}

/** The registered members of a group with their ticket type and standing. */
export function MemberList({
  members,
  editLinkOf,
}: {
  members: readonly Ticket[];
  editLinkOf?: (ticket: Ticket) => string;
}) {
  const { t } = useTranslation('activities');
  const language = useLanguage();
  const standing = (status: Ticket['status']) =>
    status === 0
      ? ({ text: t('standing.underReview'), tone: 'amber' } as const)
      : status === 2
        ? ({ text: t('standing.rejected'), tone: 'red' } as const)
        : status === 3
          ? ({ text: t('standing.successful'), tone: 'green' } as const)
          : ({ text: t('standing.registered'), tone: 'green' } as const);
  if (members.length === 0) {
    return (
      <p className="rounded-card bg-white px-4 py-6 text-center text-sm text-slate-500 ring-1 ring-slate-900/[0.06]">
        {t('group.noMembers')}
      </p>
    );
  }
  return (
    <Card className="divide-y divide-slate-100" data-testid="group-members">
      {members.map((ticket, index) => (
        <div key={ticket._id.$id} className="flex items-center gap-3 px-4 py-3" data-testid="group-member">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-600">
            {index + 1}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-slate-900">
              <bdi>{memberName(ticket) || t('group.member', { number: index + 1 })}</bdi>
            </span>
            <span className="text-xs text-slate-500">{localize(ticket.price_title, language)}</span>
          </span>
          <StateBadge {...standing(ticket.status)} />
          {editLinkOf ? (
            <Link
              to={editLinkOf(ticket)}
              className={buttonClass('ghost', 'sm', 'shrink-0 px-2')}
              aria-label={t('group.editMember')}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Link>
          ) : null}
        </div>
      ))}
    </Card>
  );
}

/** Duplicate phone, e-mail or ID number among members (§5 team registration), as an error key. */
export function duplicateAmong(
  questions: readonly RuledQuestion[],
  members: readonly FormAnswers[],
  existing: readonly Ticket[] = [],
): 'duplicatePhone' | 'duplicateEmail' | 'duplicateIdNumber' | null {
  const kinds = [
    ['phone', 'duplicatePhone'],
    ['email', 'duplicateEmail'],
    ['id_number', 'duplicateIdNumber'],
  ] as const;
  for (const [kind, key] of kinds) {
    const ids = questions.filter((q) => q.type === kind || q.field === kind).map((q) => q.id);
    const seen = new Set<string>();
    if (kind === 'phone')
      for (const ticket of existing) if (ticket.phone) seen.add(`${ticket.area_code ?? ''}${ticket.phone}`);
    if (kind === 'email')
      for (const ticket of existing) if (ticket.email) seen.add(ticket.email.toLowerCase());
    for (const answers of members) {
      for (const id of ids) {
        const value = answers[id];
        let normalised = '';
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          normalised = `${value.area_code}${value.number.replace(/\D/g, '')}`;
          if (!value.number.trim()) normalised = '';
        } else if (typeof value === 'string') {
          normalised = kind === 'email' ? value.trim().toLowerCase() : value.trim().toUpperCase();
        }
        if (!normalised) continue;
        if (seen.has(normalised)) return key;
        seen.add(normalised);
      }
    }
  }
  return null;
}

/** The group pages' heading: 'Group registration' and the activity's title. */
export function GroupHeading({ activity }: { activity: Activity }) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  return (
    <div>
      <h1 className="text-xl font-bold text-slate-900 desk:text-2xl">{t('pages.activityAgent')}</h1>
      <p className="mt-0.5 text-sm text-slate-500">
        <bdi>{localize(activity.title, language)}</bdi>
      </p>
    </div>
  );
}

/** Group registration is off for this activity (§8 agent.not_enabled). */
export function AgentNotEnabled({ meetingId, activityId }: { meetingId: string; activityId: string }) {
  const { t } = useTranslation('activities');
  return (
    <EmptyState
      icon={<UsersRound aria-hidden="true" className="size-7" />}
      title={t('errors.agentNotEnabled')}
      action={
        <Link
          to={activityPaths.activity.detail({ meetingId, activityId })}
          className={buttonClass('secondary')}
        >
          {t('actions.backToActivity')}
        </Link>
      }
    />
  );
}

export function GroupSkeleton() {
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 pt-4 desk:pt-8" aria-busy="true">
      <Skeleton className="h-7 w-48" />
      <Skeleton className="h-20 w-full rounded-card" />
      <Skeleton className="h-64 w-full rounded-card" />
    </div>
  );
}
