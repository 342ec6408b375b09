import { lazy } from 'react';
import { ActivityListRoute } from '../features/activities/routes/activity-list-route.tsx';

/** The meeting's shown votes (§2 /activity/vote), in their own chunk, loaded when the list first shows. */
const VotesSection = lazy(() =>
  import('../features/votes/components/votes-section.tsx').then((module) => ({
    default: module.VotesSection,
  })),
);

/**
 * /meeting/activity/list (§2): the activities feature's list with the votes feature's section on top.
 * The two features stay independent; they meet here, in the app.
 */
function ActivityListPage() {
  return <ActivityListRoute TopSection={VotesSection} />;
}

export { ActivityListPage as Component };
