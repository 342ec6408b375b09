import type { Activity } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { activityPaths } from '../../../lib/activity-paths.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useActivity } from '../api/activities.ts';
import { useAgent } from '../api/agents.ts';
import { GroupDetailsForm } from '../components/group-details-form.tsx';
import { AgentNotEnabled, GroupHeading, GroupSkeleton, MyGroups } from '../components/group-parts.tsx';

/**
 * /activity/agent?activity_id[&agent_id] (§2 group registration v1): the group's details first
 * (new, or editing `agent_id`), and the groups the caller already leads; saving opens the members
 * page. An activity on the v2 flow is forwarded there.
 */
function AgentV1Route() {
  const { ready } = useTranslation(['activities', 'common']);
  const meetingId = useMeeting()._id.$id;
  const [activityId] = useSearchState('activity_id');
  const [agentId] = useSearchState('agent_id');
  const activity = useActivity(meetingId, activityId);
  const agent = useAgent(activityId ?? '', agentId);
  if (!activityId) return <Navigate to={paths.notFound()} replace />;
  if (activity.isError || agent.isError) {
    return (
      <ErrorState className="py-24" onRetry={() => void Promise.all([activity.refetch(), agent.refetch()])} />
    );
  }
  if (!ready || activity.isPending || (agentId && agent.isPending)) return <GroupSkeleton />;
  if (!activity.data) return <Navigate to={paths.notFound()} replace />;
  if (activity.data.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  if (activity.data.agent_checkout_version === 'v2') {
    return <Navigate to={activityPaths.agent.v2({ meetingId, activityId, agentId })} replace />;
  }
  return <GroupDetailsPage activity={activity.data} meetingId={meetingId} agent={agent.data} />;
}

function GroupDetailsPage({
  activity,
  meetingId,
  agent,
}: {
  activity: Activity;
  meetingId: string;
  agent: Parameters<typeof GroupDetailsForm>[0]['agent'];
}) {
  const navigate = useNavigate();
  const activityId = activity._id.$id;
  if (activity.enable_agent !== 1) return <AgentNotEnabled meetingId={meetingId} activityId={activityId} />;
  return (
    <div className="mx-auto max-w-2xl space-y-5 px-4 pt-4 pb-10 desk:pt-8">
      <GroupHeading activity={activity} />
      {agent ? null : (
        <MyGroups
          activityId={activityId}
          linkOf={(item) => activityPaths.agent.v1Form({ meetingId, activityId, agentId: item._id.$id })}
        />
      )}
      <GroupDetailsForm
        activity={activity}
        agent={agent}
        onSaved={(saved) =>
          navigate(activityPaths.agent.v1Form({ meetingId, activityId, agentId: saved._id.$id }))
        }
      />
    </div>
  );
}

export { AgentV1Route as Component };
