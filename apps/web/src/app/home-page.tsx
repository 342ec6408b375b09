import { UpcomingSessionsBlock } from '../features/agendas/components/upcoming-sessions.tsx';
import { MeetingHome } from '../features/meetings/routes/home-route.tsx';
import { FeaturedSpeakersBlock } from '../features/speakers/components/featured-speakers.tsx';

/** /meeting/home: the meetings feature draws the page, the agendas and speakers features their blocks. */
function HomePage() {
  return (
    <MeetingHome
      renderBlock={{
        agenda: (block) => <UpcomingSessionsBlock block={block} />,
        speakers: (block) => <FeaturedSpeakersBlock block={block} />,
      }}
    />
  );
}

export { HomePage as Component };
