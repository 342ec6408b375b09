import type { Block } from '@app/contracts';
import { lazy } from 'react';
import { NearViewport } from '../components/ui/near-viewport.tsx';
import { Skeleton, SkeletonText } from '../components/ui/skeleton.tsx';
import { MeetingHome } from '../features/meetings/routes/home-route.tsx';

// The blocks of other features sit below the cover, the entries and the introduction: their code and
// their data load as the visitor scrolls towards them, not with the first paint (DESIGN §10).
const UpcomingSessionsBlock = lazy(async () => ({
  default: (await import('../features/agendas/components/upcoming-sessions.tsx')).UpcomingSessionsBlock,
}));
const FeaturedSpeakersBlock = lazy(async () => ({
  default: (await import('../features/speakers/components/featured-speakers.tsx')).FeaturedSpeakersBlock,
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

/** /meeting/home: the meetings feature draws the page, the agendas and speakers features their blocks. */
function HomePage() {
  return (
    <MeetingHome
      renderBlock={{
        agenda: below((block) => <UpcomingSessionsBlock block={block} />),
        speakers: below((block) => <FeaturedSpeakersBlock block={block} />),
      }}
    />
  );
}

export { HomePage as Component };
