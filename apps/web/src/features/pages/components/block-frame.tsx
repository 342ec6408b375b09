import type { Block } from '@app/contracts';
import { localize } from '@app/domain';
import type { ReactNode } from 'react';
import { SectionTitle } from '../../../components/ui/page-header.tsx';
import { useLanguage } from '../../../lib/i18n.ts';

/** A block's section: its title (when set) as the section heading, then its content. */
export function BlockFrame({ block, children }: { block: Block; children: ReactNode }) {
  const language = useLanguage();
  const title = localize(block.title, language);
  const headingId = `block-${block._id.$id}`;
  return (
    <section aria-labelledby={title ? headingId : undefined}>
      {title ? <SectionTitle id={headingId}>{title}</SectionTitle> : null}
      {children}
    </section>
  );
}
