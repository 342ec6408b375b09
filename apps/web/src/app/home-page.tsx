import type { Block } from '@app/contracts';
import { lazy, Suspense } from 'react';
import { NearViewport } from '../components/ui/near-viewport.tsx';
import { Skeleton, SkeletonText } from '../components/ui/skeleton.tsx';
import { MeetingHome } from '../features/meetings/routes/home-route.tsx';
import { useMeeting } from '../lib/meeting-context.ts';
import { useIsLoggedIn } from '../lib/use-session.ts';

// Each block's code loads with the first block of its kind, as the visitor scrolls towards it
// (DESIGN §10): the home's first script carries none of it.
const UpcomingSessionsBlock = lazy(async () => ({
  default: (await import('../features/agendas/components/upcoming-sessions.tsx')).UpcomingSessionsBlock,
}));
const FeaturedSpeakersBlock = lazy(async () => ({
  default: (await import('../features/speakers/components/featured-speakers.tsx')).FeaturedSpeakersBlock,
}));
const ContentBlock = lazy(async () => ({
  default: (await import('../features/pages/components/content-block.tsx')).ContentBlock,
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

/** A banner is usually first on the page: it renders at once, in a box of its own size meanwhile. */
const bannerNow = (meetingId: string) => (block: Block) => (
  <Suspense fallback={<Skeleton className="aspect-[16/7] w-full rounded-card desk:aspect-[3/1]" />}>
    <ContentBlock block={block} meetingId={meetingId} />
  </Suspense>
);

/**
 * The renderers of the block types other features draw (agenda, speakers: their features; banner,
 * rich text, image, buttons, page sections, video, venue map, playbill: the pages feature), for the
 * home, the content pages, the microsite and the draft preview (§2, §3).
 */
export function blockRenderers(meetingId: string) {
  const content = below((block) => <ContentBlock block={block} meetingId={meetingId} />);
  return {
    agenda: below((block) => <UpcomingSessionsBlock block={block} />),
    speakers: below((block) => <FeaturedSpeakersBlock block={block} />),
    banner: bannerNow(meetingId),
    rich_text: content,
    image: content,
    buttons: content,
    sections: content,
    video: content,
    venue_map: content,
    playbill: content,
  };
}

// A bound exhibitor's pending meeting requests (§4, §6): only for a logged-in visitor, so its code
// and its calls stay off an anonymous visit's first screen.
const ExhibitorRequests = lazy(async () => ({
  default: (await import('../features/appointments/components/exhibitor-requests.tsx')).ExhibitorRequests,
}));

/**
 * The home of the meeting: the meetings feature draws the page, the agendas, speakers and pages
 * features their blocks, the appointments feature a bound exhibitor's pending requests. `draft`: the
 * blocks a preview link shows instead of the released ones (§2 /preview, preview-page.tsx). The
 * content pages and the preview import this module rather than sharing its parts, so the home's own
 * chunk stays whole (DESIGN §10).
 */
export function HomeView({ draft }: { draft?: Block[] }) {
  const meetingId = useMeeting()._id.$id;
  const isLoggedIn = useIsLoggedIn(meetingId);
  return (
    <MeetingHome
      notice={
        isLoggedIn && !draft ? (
          <Suspense fallback={null}>
            <ExhibitorRequests meetingId={meetingId} variant="card" />
          </Suspense>
        ) : null
      }
      renderBlock={blockRenderers(meetingId)}
      {...(draft ? { draft } : {})}
    />
  );
}

/** /meeting/home. */
function HomePage() {
  return <HomeView />;
}

export { HomePage as Component };
