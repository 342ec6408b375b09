import { lazy, Suspense } from 'react';
import { MeetingHome } from '../features/meetings/routes/home-route.tsx';
import { useMeeting } from '../lib/meeting-context.ts';
import { useIsLoggedIn } from '../lib/use-session.ts';
import { blockRenderers } from './block-renderers.tsx';

// A bound exhibitor's pending meeting requests (§4, §6): only for a logged-in visitor, so its code
// and its calls stay off an anonymous visit's first screen.
const ExhibitorRequests = lazy(async () => ({
  default: (await import('../features/appointments/components/exhibitor-requests.tsx')).ExhibitorRequests,
}));

/**
 * /meeting/home: the meetings feature draws the page, the agendas, speakers and pages features their
 * blocks (block-renderers.tsx), the appointments feature a bound exhibitor's pending requests.
 */
function HomePage() {
  const meetingId = useMeeting()._id.$id;
  const isLoggedIn = useIsLoggedIn(meetingId);
  return (
    <MeetingHome
      notice={
        isLoggedIn ? (
          <Suspense fallback={null}>
            <ExhibitorRequests meetingId={meetingId} variant="card" />
          </Suspense>
        ) : null
      }
      renderBlock={blockRenderers(meetingId)}
    />
  );
}

export { HomePage as Component };
