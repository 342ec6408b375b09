import type { Block } from '@app/contracts';
import { localize } from '@app/domain';
import { Sparkles } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton, SkeletonText } from '../components/ui/skeleton.tsx';
import { MicrositeShell } from '../features/microsite/components/microsite-shell.tsx';
import { useContentPage } from '../features/pages/api/get-content-page.ts';
import { useRecordPageView } from '../features/pages/api/record-page-view.ts';
import type { PageBlockRenderers } from '../features/pages/components/page-blocks.tsx';
import { useLanguage } from '../lib/i18n.ts';
import { useMeeting } from '../lib/meeting-context.ts';
import { isMicrositeSlug, micrositePaths } from '../lib/microsite-paths.ts';
import { paths } from '../lib/paths.ts';
import { pageRenderers } from './content-page.tsx';

// The block code of the content pages (§3 block types): the same renderers and chunks as
// /meeting/introduction and the other content pages, each block's code loading with the first block of
// its kind. Importing them as the content pages do keeps the home's own modules in one chunk
// (DESIGN §10: a lazy import of one of them here split the home's first script in four).
const ContentBlock = lazy(async () => ({
  default: (await import('../features/pages/components/content-block.tsx')).ContentBlock,
}));

/** One block of a microsite page, drawn by the feature that owns its type. */
function MicrositeBlock({
  block,
  renderers,
  meetingId,
}: {
  block: Block;
  renderers: PageBlockRenderers;
  meetingId: string;
}) {
  const content: ReactNode = renderers[block.type]?.(block) ?? (
    <ContentBlock block={block} meetingId={meetingId} />
  );
  return <Suspense fallback={<SkeletonText lines={4} />}>{content}</Suspense>;
}

/**
 * /sichuan-culture/{slug} (§2): one generic page for the twelve microsite pages. It loads the
 * meeting's microsite page of that slug (GET /meeting/page, kind 'microsite') and draws its released
 * blocks with the same renderers as every content page, inside the microsite's frame. An unknown slug
 * opens /404; a slug the meeting has not built shows the empty state with the way back.
 */
function MicrositePage() {
  const { t } = useTranslation('microsite');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const { slug } = useParams();
  const known = isMicrositeSlug(slug);
  const page = useContentPage(known ? { meetingId, kind: 'microsite', slug } : undefined);
  const shown = page.data?.page;
  useRecordPageView(meetingId, shown ? shown._id.$id : undefined);
  if (!known) return <Navigate to={paths.notFound()} replace />;

  const title = (shown ? localize(shown.title, language) : '') || t(`pages.${slug}`);
  const renderers = pageRenderers(meetingId, meeting.config.block_mobile_layout === 'grid9');
  let body: ReactNode;
  if (page.isPending) {
    body = (
      <div className="space-y-6" aria-busy="true">
        <Skeleton className="aspect-[16/9] w-full rounded-card" />
        <SkeletonText lines={5} />
      </div>
    );
  } else if (page.isError) {
    body = <ErrorState className="py-16" onRetry={() => void page.refetch()} />;
  } else if (page.data.blocks.length === 0) {
    body = (
      <EmptyState
        icon={<Sparkles aria-hidden="true" className="size-7" />}
        title={t('empty.title')}
        description={t('empty.description')}
        action={
          slug === 'home' ? null : (
            <Link to={micrositePaths.page({ meetingId, slug: 'home' })} className={buttonClass('secondary')}>
              {t('empty.action')}
            </Link>
          )
        }
      />
    );
  } else {
    body = (
      <div className="space-y-8">
        {page.data.blocks.map((block) => (
          <div
            key={block._id.$id}
            id={typeof block.data.anchor === 'string' && block.data.anchor ? block.data.anchor : undefined}
            data-block={block.type}
          >
            <MicrositeBlock block={block} renderers={renderers} meetingId={meetingId} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <MicrositeShell meetingId={meetingId} slug={slug} title={title}>
      {body}
    </MicrositeShell>
  );
}

export { MicrositePage as Component };
