import type { Block, BlockType, ContentPage } from '@app/contracts';
import { localize } from '@app/domain';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { ContentBlock } from './content-block.tsx';

/** Blocks drawn by other features (navigation, agenda, speakers); the app passes them in. */
export type PageBlockRenderers = Partial<Record<BlockType, (block: Block) => ReactNode>>;

/** The kinds of page and their fallback titles (`pages:titles.*`) when the organiser set none. */
type PageTitleKey = 'introduction' | 'branch' | 'contact' | 'conference' | 'microsite';

type PageBlocksProps = {
  page: ContentPage | null;
  /** The page's kind when the meeting has not made it (page null). */
  kind: PageTitleKey;
  blocks: Block[];
  meetingId: string;
  renderBlock: PageBlockRenderers;
};

/**
 * A content page (§2 introduction, branch, contact, conference): its title, then its blocks in the
 * organiser's order, each drawn by this feature or by the renderer the app passes for its type; an
 * empty page says so instead of showing nothing.
 */
export function PageBlocks({ page, kind, blocks, meetingId, renderBlock }: PageBlocksProps) {
  const { t } = useTranslation('pages');
  const language = useLanguage();
  const title = (page ? localize(page.title, language) : '') || t(`titles.${kind}`);
  return (
    <article className="px-4 pt-5 pb-10 desk:px-0 desk:pt-8">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 desk:text-3xl" data-testid="content-page-title">
        {title}
      </h1>
      {blocks.length === 0 ? (
        <EmptyState
          icon={<FileText aria-hidden="true" className="size-7" />}
          title={t('empty.title')}
          description={t('empty.description')}
        />
      ) : (
        <div className="space-y-8">
          {blocks.map((block) => (
            <div
              key={block._id.$id}
              id={typeof block.data.anchor === 'string' && block.data.anchor ? block.data.anchor : undefined}
              data-block={block.type}
            >
              {renderBlock[block.type]?.(block) ?? <ContentBlock block={block} meetingId={meetingId} />}
            </div>
          ))}
        </div>
      )}
    </article>
  );
}
