import { type MeetingDocument, videoFrameSuffix } from '@app/contracts';
import { localize } from '@app/domain';
import { Download, ExternalLink, FolderOpen } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { FileIcon } from '../../../components/ui/file-icon.tsx';
import { PageHeader, SectionTitle } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatFileSize } from '../../../lib/file-size.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import {
  recordDocumentsPageView,
  recordDocumentView,
  useDocumentCategories,
  useDocuments,
} from '../api/documents.ts';

/** Types the browser shows itself: they get an "Open" action besides "Download". */
const isViewable = (document: MeetingDocument) =>
  document.icon === 'pdf' || document.icon === 'image' || document.icon === 'video';

function DocumentRow({ document, meetingId }: { document: MeetingDocument; meetingId: string }) {
  const { t } = useTranslation('documents');
  const language = useLanguage();
  const title = localize(document.title, language) || document.file_name;
  const type = t(`types.${document.icon}`);
  return (
    <li
      className="flex items-center gap-3 px-4 py-3"
      data-testid="document-row"
      data-document-id={document._id.$id}
    >
      {document.icon === 'video' ? (
        <img
          src={`${document.url}${videoFrameSuffix({ width: 192, height: 112 })}`}
          alt=""
          loading="lazy"
          className="h-14 w-24 shrink-0 rounded-lg bg-slate-200 object-cover"
        />
      ) : (
        <FileIcon kind={document.icon} />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-[15px] font-medium text-slate-900">{title}</p>
        <p className="mt-0.5 truncate text-xs text-slate-500">
          <span className="sr-only">{t('list.fileName')} </span>
          <bdi>{document.file_name}</bdi>
          <span aria-hidden="true"> · </span>
          {type}
          <span aria-hidden="true"> · </span>
          {formatFileSize(document.size, language)}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-1.5">
        {isViewable(document) ? (
          <a
            href={document.view_url}
            target="_blank"
            rel="noopener"
            onClick={() => recordDocumentView(meetingId, document._id.$id)}
            className={buttonClass('ghost', 'sm', 'max-desk:px-2.5')}
            aria-label={t('list.openNamed', { name: title })}
            data-testid="document-open"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="max-desk:sr-only">{t('list.open')}</span>
          </a>
        ) : null}
        <a
          href={document.download_url}
          download={document.file_name}
          onClick={() => recordDocumentView(meetingId, document._id.$id)}
          className={buttonClass('secondary', 'sm', 'max-desk:px-2.5')}
          aria-label={t('list.downloadNamed', { name: title })}
          data-testid="document-download"
        >
          <Download aria-hidden="true" className="size-4" />
          <span className="max-desk:sr-only">{t('list.download')}</span>
        </a>
      </div>
    </li>
  );
}

/**
 * /meeting/doc (§2): the meeting's documents grouped by their `meeting_attachment` category (weight
 * order), those without one last; each row with its §9 file icon (a still for videos), name, type
 * and size, "Open" in the browser for PDF, images and video, and "Download" under its own name.
 * Opening or downloading counts a view of the document; the page counts one view of the page.
 */
function DocumentsRoute() {
  const { t } = useTranslation(['documents', 'common']);
  const language = useLanguage();
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const documents = useDocuments(meetingId);
  const categories = useDocumentCategories(meetingId);

  useEffect(() => recordDocumentsPageView(meetingId), [meetingId]);

  const items = documents.data ?? [];
  const known = new Set((categories.data ?? []).map((category) => category._id.$id));
  const groups = (categories.data ?? [])
    .map((category) => ({
      id: category._id.$id,
      title: localize(category.title, language),
      items: items.filter((item) => item.category_id?.$id === category._id.$id),
    }))
    .filter((group) => group.items.length > 0);
  const loose = items.filter((item) => !item.category_id || !known.has(item.category_id.$id));
  if (loose.length > 0) {
    groups.push({ id: 'other', title: groups.length > 0 ? t('list.otherGroup') : '', items: loose });
  }

  return (
    <div className="px-4 pt-4 pb-8 desk:px-0 desk:pt-8">
      <PageHeader
        className="mb-5 max-desk:hidden"
        title={t('list.title')}
        subtitle={localize(meeting.title, language)}
      />
      {documents.isPending || categories.isPending ? (
        <div
          className="divide-y divide-slate-100 rounded-card bg-white ring-1 ring-slate-900/[0.06]"
          aria-busy="true"
        >
          {placeholderKeys(4).map((key) => (
            <div key={key} className="flex items-center gap-3 px-4 py-3">
              <Skeleton className="h-12 w-10" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
          ))}
        </div>
      ) : documents.isError ? (
        <ErrorState onRetry={() => void documents.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<FolderOpen aria-hidden="true" className="size-7" />}
          title={t('list.empty')}
          description={t('list.emptyHint')}
        />
      ) : (
        <div className="space-y-6" data-testid="documents">
          {groups.map((group) => (
            <section key={group.id} aria-labelledby={group.title ? `documents-${group.id}` : undefined}>
              {group.title ? <SectionTitle id={`documents-${group.id}`}>{group.title}</SectionTitle> : null}
              <ul className="divide-y divide-slate-100 overflow-hidden rounded-card bg-white ring-1 ring-slate-900/[0.06]">
                {group.items.map((document) => (
                  <DocumentRow key={document._id.$id} document={document} meetingId={meetingId} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

export { DocumentsRoute as Component };
