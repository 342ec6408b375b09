import { Clock, Eye, TimerOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { usePagePreview } from '../features/pages/api/get-page-preview.ts';
import { PageBlocks } from '../features/pages/components/page-blocks.tsx';
import { ApiError } from '../lib/api/client.ts';
import { useLanguage } from '../lib/i18n.ts';
import { useMeeting } from '../lib/meeting-context.ts';
import { paths } from '../lib/paths.ts';
import { useSearchState } from '../lib/use-search-state.ts';
import { ContentPageSkeleton, pageRenderers } from './content-page.tsx';
import { HomeView } from './home-page.tsx';

/** 'The temporary link has expired' (§8): the only answer to an expired, forged or altered link. */
function ExpiredLink() {
  const { t } = useTranslation(['pages', 'common']);
  const meetingId = useMeeting()._id.$id;
  return (
    <div className="flex flex-col items-center px-6 py-24 text-center" data-testid="preview-expired">
      <div className="mb-5 flex size-16 items-center justify-center rounded-full bg-white text-primary shadow-sm ring-1 ring-slate-900/5">
        <TimerOff aria-hidden="true" className="size-8" />
      </div>
      <h1 className="text-xl font-bold text-slate-900">{t('preview.expired')}</h1>
      <p className="mt-2 max-w-sm text-[15px] text-slate-500">{t('preview.expiredDescription')}</p>
      <ButtonLink to={paths.home({ meetingId })} className="mt-8" replace>
        {t('common:actions.goHome')}
      </ButtonLink>
    </div>
  );
}

/**
 * /preview?key=… (§2): the draft of the home or of a content page that a signed link names, under a
 * ribbon saying it is a draft and until when the link works. An expired, forged or altered link shows
 * 'The temporary link has expired' (§8) and never the draft.
 */
function PreviewPage() {
  const { t } = useTranslation('pages');
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  // `key`: the signed link (pages-paths.ts); `token` would be taken as a session token (§2).
  const [token] = useSearchState('key');
  const preview = usePagePreview(token);

  if (!token) return <ExpiredLink />;
  if (preview.isPending) return <ContentPageSkeleton />;
  if (preview.isError) {
    if (preview.error instanceof ApiError && preview.error.status === 403) return <ExpiredLink />;
    return <ErrorState className="py-24" onRetry={() => void preview.refetch()} />;
  }
  const { page, blocks, expires_at: expiresAt } = preview.data;
  const until = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    expiresAt * 1000,
  );
  return (
    <div data-testid="preview-page">
      <div
        role="status"
        className="sticky top-0 z-20 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-100 px-4 py-2 text-center text-[13px] font-medium text-amber-900 desk:rounded-b-card"
      >
        <span className="inline-flex items-center gap-1.5">
          <Eye aria-hidden="true" className="size-4" />
          {t('preview.ribbon')}
        </span>
        <span className="inline-flex items-center gap-1.5 text-amber-800">
          <Clock aria-hidden="true" className="size-4" />
          {t('preview.expiresAt', { time: until })}
        </span>
      </div>
      {page === null ? (
        <HomeView draft={blocks} />
      ) : (
        <PageBlocks
          page={page}
          kind={page.kind}
          blocks={blocks}
          meetingId={meetingId}
          renderBlock={pageRenderers(meetingId, meeting.config.block_mobile_layout === 'grid9')}
        />
      )}
    </div>
  );
}

export { PreviewPage as Component };
