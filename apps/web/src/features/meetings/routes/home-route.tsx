import type { Block, BlockType } from '@app/contracts';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { useBlocks } from '../api/list-blocks.ts';
import { useNavigationCategories } from '../api/list-navigation-categories.ts';
import { useRecordMeetingView } from '../api/record-meeting-view.ts';
import { IntroBlock } from '../components/intro-block.tsx';
import { MeetingHero } from '../components/meeting-hero.tsx';
import { NavigationGrid } from '../components/navigation-grid.tsx';

/** Blocks drawn by other features; the app passes them in (features never import each other). */
export type BlockRenderers = Partial<Record<BlockType, (block: Block) => ReactNode>>;

/**
 * /meeting/home: hero, the visitor's own notices (`notice`, e.g. a bound exhibitor's pending meeting
 * requests, drawn by another feature), navigation entries, then the home blocks in the organiser's
 * order — the released ones, or `draft` (a preview link's blocks, §2 /preview) when given.
 */
export function MeetingHome({
  renderBlock,
  notice,
  draft,
}: {
  renderBlock: BlockRenderers;
  notice?: ReactNode;
  draft?: Block[];
}) {
  const { t } = useTranslation('meetings');
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  useRecordMeetingView(meetingId);
  const navigation = useNavigationCategories(meetingId);
  const released = useBlocks(meetingId, draft === undefined);
  const blocks = draft
    ? { isPending: false as const, isError: false as const, data: draft, refetch: released.refetch }
    : released;
  // Entries and blocks appear together: entries arriving later would push the blocks down. When they
  // arrive after the page's first render, a deferred render draws them in short slices instead of
  // one long task (a query update alone would render synchronously).
  const hasArrived = !blocks.isPending && !navigation.isPending;
  const isShown = useDeferredValue(hasArrived) && hasArrived;

  const grid = (
    <NavigationGrid
      items={navigation.data}
      isLoading={!isShown}
      meetingId={meetingId}
      isGrid9={meeting.config.block_mobile_layout === 'grid9'}
    />
  );
  const hasNavigationBlock = blocks.data?.some((block) => block.type === 'navigation') ?? false;

  const renderOne = (block: Block): ReactNode => {
    switch (block.type) {
      case 'intro':
        return <IntroBlock block={block} />;
      case 'navigation':
        return grid;
      default:
        return renderBlock[block.type]?.(block) ?? null;
    }
  };

  return (
    <div className="pb-4">
      <MeetingHero meeting={meeting} />
      <div className="space-y-8 px-4 pt-5 desk:px-0 desk:pt-8">
        {notice}
        {!isShown || blocks.isPending ? (
          // A screen's height: the footer stays below the fold until the blocks push it there.
          <div className="min-h-dvh space-y-6" aria-busy="true">
            {grid}
            <Skeleton className="h-6 w-40" />
            <SkeletonText lines={4} />
          </div>
        ) : blocks.isError ? (
          <>
            {grid}
            <ErrorState onRetry={() => void blocks.refetch()} />
          </>
        ) : (
          <>
            {hasNavigationBlock ? null : grid}
            {blocks.data.length === 0 ? (
              <p className="py-8 text-center text-sm text-slate-500">{t('home.noBlocks')}</p>
            ) : null}
            {blocks.data.map((block) => (
              <div
                key={block._id.$id}
                id={typeof block.data.anchor === 'string' ? block.data.anchor : undefined}
                data-block={block.type}
              >
                {renderOne(block)}
              </div>
            ))}
          </>
        )}
      </div>
    </div>
  );
}
