import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionTitle } from '../../../components/ui/page-header.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useActivity } from '../api/activities.ts';
import { useAgent } from '../api/agents.ts';
import { GroupHeading, GroupSkeleton, GroupSummary, MemberList } from '../components/group-parts.tsx';

/**
 * /meeting/:meetingId/activity/:activityId/agent/v2/ticket?agent_id= (§2 ActivityAgentV2Ticket): the
 * group's tickets with their standing, each member editable, and 'Add more members' while the size
 * cap allows.
 */
function AgentV2TicketsRoute() {
  const { t, ready } = useTranslation(['activities', 'common']);
  const { meetingId = '', activityId = '' } = useParams();
  const [agentId] = useSearchState('agent_id');
  const activity = useActivity(meetingId, activityId);
  const agent = useAgent(activityId, agentId);
  // The activity first (§2: unknown → /404, deleted → /204), then the group.
  if (activity.isError) return <ErrorState className="py-24" onRetry={() => void activity.refetch()} />;
  if (!ready || activity.isPending) return <GroupSkeleton />;
  if (!activity.data) return <Navigate to={paths.notFound()} replace />;
  if (activity.data.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  if (!agentId) return <Navigate to={activityPaths.agent.v2({ meetingId, activityId })} replace />;
  if (agent.isError) {
    return (
      <ErrorState className="py-24" onRetry={() => void Promise.all([activity.refetch(), agent.refetch()])} />
    );
  }
  if (agent.isPending) return <GroupSkeleton />;
  const members = agent.data.members ?? [];
  const hasRoom = agent.data.members_total < activity.data.agent_max_members;
  return (
    <div className="mx-auto max-w-2xl space-y-5 px-4 pt-4 pb-10 desk:pt-8">
      <GroupHeading activity={activity.data} />
      <GroupSummary
        agent={agent.data}
        activity={activity.data}
        editTo={activityPaths.agent.v2({ meetingId, activityId, agentId, mode: 'edit' })}
      />
      <section aria-labelledby="group-tickets-title">
        <SectionTitle id="group-tickets-title">{t('activities:group.ticketsTitle')}</SectionTitle>
        <MemberList
          members={members}
          editLinkOf={(ticket) =>
            activityPaths.agent.v2TicketForm({ meetingId, activityId, ticketId: ticket._id.$id, agentId })
          }
        />
      </section>
      {hasRoom ? (
        <Link
          to={activityPaths.agent.v2({ meetingId, activityId, agentId })}
          className={buttonClass('secondary', 'md', 'w-full')}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('activities:group.addMore')}
        </Link>
      ) : null}
      <Link
        to={activityPaths.activity.detail({ meetingId, activityId })}
        className={buttonClass('ghost', 'md', 'w-full')}
      >
        {t('activities:actions.backToActivity')}
      </Link>
    </div>
  );
}

export { AgentV2TicketsRoute as Component };
