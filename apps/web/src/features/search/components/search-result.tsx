import type { getMeetingDocumentFile, SearchHit, SearchItemType } from '@app/contracts';
import { type Language, localize } from '@app/domain';
import { Building2, CalendarDays, FileText, Mic, Newspaper, Package } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { HighlightedText, localizeWithKey } from '../../../components/ui/highlight.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { fillPath } from '../../../lib/api/api.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { newsPaths } from '../../../lib/news-paths.ts';
import { paths } from '../../../lib/paths.ts';
import { formatDate, formatTime } from '../../../lib/time.ts';

/** The icon of each result type (group headers and results without an image). */
export const typeIcons: Record<
  SearchItemType,
  ComponentType<{ className?: string; 'aria-hidden'?: boolean }>
> = {
  agenda: CalendarDays,
  speaker: Mic,
  exhibitor: Building2,
  product: Package,
  news: Newspaper,
  document: FileText,
};

/** Where a result leads: its detail page, or for a document the file opened in the browser. */
export function resultTarget(hit: SearchHit, meetingId: string): { to: string } | { href: string } {
  const id = hit._id.$id;
  switch (hit.type) {
    case 'agenda':
      return { to: paths.agenda.details({ meetingId, agendaId: id }) };
    case 'speaker':
      return { to: paths.speaker.details({ meetingId, speakerId: id }) };
    case 'exhibitor':
      return { to: paths.enterprise({ meetingId, enterpriseId: hit.parent_id?.$id ?? id }) };
    case 'product':
      return { to: paths.product({ meetingId, productId: id }) };
    case 'news':
      return { to: newsPaths.detail({ meetingId, newsId: id }) };
    case 'document':
      // The file opened in the browser under its own name (§2 /meeting/doc), a plain link (no Apikey).
      return {
        href: `/api${fillPath<typeof getMeetingDocumentFile>('/meeting/attachments/:id/file', { id })}?disposition=inline`,
      };
  }
}

function when(hit: SearchHit, timeZone: string, language: Language): string | null {
  if (hit.start === null || hit.type !== 'agenda') return null;
  const ms = hit.start * 1000;
  return `${formatDate(ms, timeZone, language, { weekday: 'short', day: 'numeric', month: 'short' })} ${formatTime(ms, timeZone, language)}`;
}

/**
 * One search result: picture or type icon, title and summary with the matched words marked (text
 * nodes only, the server sends ranges), a session's day and time. Opening it calls `onOpen`.
 */
export function SearchResult({ hit, onOpen }: { hit: SearchHit; onOpen: () => void }) {
  const language = useLanguage();
  const meeting = useMeeting();
  const title = localizeWithKey(hit.title, language);
  const summary = localizeWithKey(hit.summary, language);
  const Icon = typeIcons[hit.type];
  const time = when(hit, meeting.time_zone, language);
  const target = resultTarget(hit, meeting._id.$id);
  const body = (
    <>
      {hit.image ? (
        <Thumb
          src={hit.image}
          name={title.text}
          fit="cover"
          size={56}
          className={hit.type === 'speaker' ? 'size-12 rounded-full' : 'size-12'}
        />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Icon aria-hidden={true} className="size-5" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <HighlightedText
          text={title.text || localize(hit.title, language)}
          ranges={hit.highlights.filter((range) => range.field === 'title')}
          lang={title.lang}
          className="line-clamp-2 text-[15px] font-semibold text-slate-900 group-hover:text-primary"
        />
        {summary.text || time ? (
          <span className="mt-0.5 block truncate text-[13px] text-slate-500">
            {time ? <span className="me-2 tabular-nums">{time}</span> : null}
            <HighlightedText
              text={summary.text}
              ranges={hit.highlights.filter((range) => range.field === 'summary')}
              lang={summary.lang}
            />
          </span>
        ) : null}
      </span>
    </>
  );
  const className =
    'group flex items-center gap-3 rounded-card px-3 py-2.5 transition hover:bg-slate-50 focus-visible:bg-slate-50';
  return 'to' in target ? (
    <Link to={target.to} onClick={onOpen} className={className} data-testid={`search-result-${hit.type}`}>
      {body}
    </Link>
  ) : (
    <a
      href={target.href}
      target="_blank"
      rel="noopener"
      onClick={onOpen}
      className={className}
      data-testid={`search-result-${hit.type}`}
    >
      {body}
    </a>
  );
}

/** Placeholder rows while results load. */
export function SearchResultsSkeleton({ groups = 2, rows = 3 }: { groups?: number; rows?: number }) {
  return (
    <div className="space-y-6" aria-hidden="true" data-testid="search-skeleton">
      {placeholderKeys(groups).map((group) => (
        <div key={group} className="space-y-3">
          <Skeleton className="h-4 w-28" />
          {placeholderKeys(rows).map((row) => (
            <div key={row} className="flex items-center gap-3 px-3">
              <Skeleton className="size-12 rounded-xl" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
