import type { Block } from '@app/contracts';
import { lazy, Suspense } from 'react';
import { NearViewport } from '../components/ui/near-viewport.tsx';
import { Skeleton, SkeletonText } from '../components/ui/skeleton.tsx';

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
 * rich text, image, buttons, page sections, video: the pages feature), for the home, the content
 * pages and the draft preview (§2, §3).
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
  };
}
