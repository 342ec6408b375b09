import type { Block } from '@app/contracts';
import { lazy, Suspense } from 'react';
import { NearViewport } from '../components/ui/near-viewport.tsx';
import { Skeleton, SkeletonText } from '../components/ui/skeleton.tsx';
import { MeetingHome } from '../features/meetings/routes/home-route.tsx';
import { useMeeting } from '../lib/meeting-context.ts';
import { useIsLoggedIn } from '../lib/use-session.ts';

// The blocks of other features sit below the cover, the entries and the introduction: their code and
// their data load as the visitor scrolls towards them, not with the first paint (DESIGN §10).
const UpcomingSessionsBlock = lazy(async () => ({
  default: (await import('../features/agendas/components/upcoming-sessions.tsx')).UpcomingSessionsBlock,
}));
const FeaturedSpeakersBlock = lazy(async () => ({
  default: (await import('../features/speakers/components/featured-speakers.tsx')).FeaturedSpeakersBlock,
}));

// A bound exhibitor's pending meeting requests (§4, §6): only for a logged-in visitor, so its code
// and its calls stay off an anonymous visit's first screen.
const ExhibitorRequests = lazy(async () => ({
  default: (await import('../features/appointments/components/exhibitor-requests.tsx')).ExhibitorRequests,
}));

/** A block's frame while it is far below or its code loads: title and a few lines. */
function BlockPlaceholder() {
  return (
    <div className="min-h-48 space-y-4" aria-busy="true">
      <Skeleton className="h-6 w-40" />
      <SkeletonText lines={4} />
    </div>
  );
}

const below = (content: (block: Block) => React.ReactNode) => (block: Block) => (
  <NearViewport placeholder={<BlockPlaceholder />}>{content(block)}</NearViewport>
);

/**
 * /meeting/home: the meetings feature draws the page, the agendas and speakers features their
 * blocks, the appointments feature a bound exhibitor's pending requests.
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
      renderBlock={{
        agenda: below((block) => <UpcomingSessionsBlock block={block} />),
        speakers: below((block) => <FeaturedSpeakersBlock block={block} />),
      }}
    />
  );
}

export { HomePage as Component };
