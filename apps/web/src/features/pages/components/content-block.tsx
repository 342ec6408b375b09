import type { Block, LocalizedText } from '@app/contracts';
import { localize } from '@app/domain';
import { ChevronRight } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { NavIcon } from '../../../components/ui/nav-icon.tsx';
import { Paragraphs } from '../../../components/ui/paragraphs.tsx';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import type { NavigationLinkFields } from '../../../lib/navigation-link.ts';
import { usePageSections } from '../api/list-page-sections.ts';
import { BannerBlock } from './banner-block.tsx';
import { contentIn, plainContent } from './block-content.ts';
import { BlockFrame } from './block-frame.tsx';
import { keyed } from './keyed.ts';
import { SmartLink } from './smart-link.tsx';

type Props = { block: Block; meetingId: string };

// The microsite's blocks (§2 /sichuan-culture) load with the first of their kind, so the home's and the
// content pages' block code stays as small as before (DESIGN §10).
const VenueMapBlock = lazy(async () => ({ default: (await import('./venue-map-block.tsx')).VenueMapBlock }));
const PlaybillBlock = lazy(async () => ({ default: (await import('./playbill-block.tsx')).PlaybillBlock }));

/** Plain text of the introduction block, as paragraphs (never HTML). */
function IntroText({ block }: { block: Block }) {
  const language = useLanguage();
  const text = localize(plainContent(block.content), language);
  if (!text.trim()) return null;
  return (
    <BlockFrame block={block}>
      <Card className="p-5">
        <Paragraphs text={text} />
      </Card>
    </BlockFrame>
  );
}

/** Sanitised HTML of a rich-text block in the visitor's language (the server stored only safe HTML). */
function RichTextBlock({ block }: { block: Block }) {
  const language = useLanguage();
  const html = contentIn(block.content, language);
  if (typeof html === 'string' && !html.trim()) return null;
  return (
    <BlockFrame block={block}>
      <Card className="px-5 py-2 desk:px-8 desk:py-4">
        <RichText value={html} />
      </Card>
    </BlockFrame>
  );
}

/** One image, full width, linked when the organiser set a link. */
function ImageBlock({ block, meetingId }: Props) {
  const language = useLanguage();
  const image = typeof block.data.image === 'string' ? block.data.image : '';
  if (!image) return null;
  const alt = localize((block.data.alt as LocalizedText | undefined) ?? '', language);
  return (
    <BlockFrame block={block}>
      <SmartLink
        fields={block.data as NavigationLinkFields}
        meetingId={meetingId}
        className="block overflow-hidden rounded-card"
        label={alt || undefined}
      >
        <img src={image} alt={alt} loading="lazy" className="h-auto w-full" />
      </SmartLink>
    </BlockFrame>
  );
}

type ButtonItem = NavigationLinkFields & { title: LocalizedText };

/** A list of link buttons (registration, floor plan, hotel …), two a row on phones. */
function ButtonsBlock({ block, meetingId }: Props) {
  const language = useLanguage();
  const items = Array.isArray(block.data.items) ? (block.data.items as ButtonItem[]) : [];
  if (items.length === 0) return null;
  return (
    <BlockFrame block={block}>
      <ul className="grid grid-cols-1 gap-2.5 min-[380px]:grid-cols-2 desk:grid-cols-3">
        {keyed(items, (item) => `${item.link ?? ''} ${JSON.stringify(item.title)}`).map(([key, item]) => (
          <li key={key}>
            <SmartLink
              fields={item}
              meetingId={meetingId}
              className="flex h-full min-h-12 items-center justify-between gap-2 rounded-card bg-white px-4 py-3 text-[15px] font-medium text-slate-800 ring-1 ring-slate-900/[0.08] transition hover:ring-primary/40 hover:text-primary"
            >
              <span>{localize(item.title, language)}</span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400 rtl:-scale-x-100" />
            </SmartLink>
          </li>
        ))}
      </ul>
    </BlockFrame>
  );
}

/** The meeting's page sections (`page_section` categories), the children of one when it names a parent. */
function SectionsBlock({ block, meetingId }: Props) {
  const language = useLanguage();
  const sections = usePageSections(meetingId);
  const parent = typeof block.data.parent_id === 'string' ? block.data.parent_id : null;
  if (sections.isPending) {
    return (
      <BlockFrame block={block}>
        <div className="grid gap-2.5 desk:grid-cols-2" aria-busy="true">
          <Skeleton className="h-16 rounded-card" />
          <Skeleton className="h-16 rounded-card" />
        </div>
      </BlockFrame>
    );
  }
  const items = (sections.data ?? []).filter((item) => (item.parent_id?.$id ?? null) === parent);
  if (items.length === 0) return null;
  return (
    <BlockFrame block={block}>
      <ul className="grid gap-2.5 desk:grid-cols-2">
        {items.map((item) => (
          <li key={item._id.$id}>
            <SmartLink
              fields={item}
              meetingId={meetingId}
              className="flex items-center gap-3 rounded-card bg-white p-3.5 ring-1 ring-slate-900/[0.06] transition hover:ring-primary/30"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <NavIcon name={item.icon} className="size-5" />
              </span>
              <span className="min-w-0 flex-1 truncate text-[15px] font-medium text-slate-800">
                {localize(item.title, language)}
              </span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400 rtl:-scale-x-100" />
            </SmartLink>
          </li>
        ))}
      </ul>
    </BlockFrame>
  );
}

/** A video file (mp4, webm) played in place; only http(s) addresses. */
function VideoBlock({ block }: { block: Block }) {
  const { t } = useTranslation('pages');
  const url = typeof block.data.url === 'string' ? block.data.url : '';
  if (!/^https?:\/\//i.test(url)) return null;
  const poster = typeof block.data.poster === 'string' && block.data.poster ? block.data.poster : undefined;
  return (
    <BlockFrame block={block}>
      {/* biome-ignore lint/a11y/useMediaCaption: organisers upload event films without caption tracks */}
      <video
        src={url}
        poster={poster}
        controls
        preload="metadata"
        playsInline
        className="aspect-video w-full rounded-card bg-black"
        aria-label={t('video.label')}
      />
    </BlockFrame>
  );
}

/**
 * The blocks this feature draws (every type but navigation, agenda and speakers, which the app
 * composes from their features): intro text, banner, rich text, image, buttons, page sections, video,
 * and the microsite's venue map and playbill (§2 /sichuan-culture).
 */
export function ContentBlock({ block, meetingId }: Props) {
  switch (block.type) {
    case 'intro':
      return <IntroText block={block} />;
    case 'banner':
      return <BannerBlock block={block} meetingId={meetingId} />;
    case 'rich_text':
      return <RichTextBlock block={block} />;
    case 'image':
      return <ImageBlock block={block} meetingId={meetingId} />;
    case 'buttons':
      return <ButtonsBlock block={block} meetingId={meetingId} />;
    case 'sections':
      return <SectionsBlock block={block} meetingId={meetingId} />;
    case 'video':
      return <VideoBlock block={block} />;
    case 'venue_map':
      return (
        <Suspense fallback={<Skeleton className="aspect-[3/2] w-full rounded-card" />}>
          <VenueMapBlock block={block} meetingId={meetingId} />
        </Suspense>
      );
    case 'playbill':
      return (
        <Suspense fallback={<Skeleton className="h-48 w-full rounded-card" />}>
          <PlaybillBlock block={block} meetingId={meetingId} />
        </Suspense>
      );
    default:
      return null;
  }
}
