import type { Block, LocalizedText } from '@app/contracts';
import { localize } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { SectionTitle } from '../../../components/ui/page-header.tsx';
import { Paragraphs } from '../../../components/ui/paragraphs.tsx';
import { useLanguage } from '../../../lib/i18n.ts';

/** The introduction block: plain text with line breaks, shown as paragraphs (never as HTML). */
export function IntroBlock({ block }: { block: Block }) {
  const { t } = useTranslation('meetings');
  const language = useLanguage();
  // Plain text: only rich_text blocks carry chunked HTML (§5).
  const text = localize(block.content as LocalizedText, language);
  if (!text.trim()) return null;
  return (
    <section aria-labelledby={`block-${block._id.$id}`}>
      <SectionTitle id={`block-${block._id.$id}`}>
        {localize(block.title, language) || t('home.about')}
      </SectionTitle>
      <Card className="p-5">
        <Paragraphs text={text} />
      </Card>
    </section>
  );
}
