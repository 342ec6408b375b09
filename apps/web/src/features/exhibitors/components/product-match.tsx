import type { Product } from '@app/contracts';
import { localize } from '@app/domain';
import { Link } from 'react-router';
import { HighlightedText, localizeWithKey } from '../../../components/ui/highlight.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';

/** A product search result: cover, title with the matches marked, its enterprise. */
export function ProductMatch({ product, meetingId }: { product: Product; meetingId: string }) {
  const language = useLanguage();
  const title = localizeWithKey(product.title, language);
  return (
    <Link
      to={paths.product({ meetingId, productId: product._id.$id })}
      data-testid="product-match"
      className="group flex h-full items-center gap-3.5 rounded-card bg-white p-3 ring-1 ring-slate-900/[0.06] transition hover:shadow-md hover:ring-primary/25"
    >
      <Thumb src={product.images[0]} name={title.text} fit="cover" size={64} className="size-16 text-lg" />
      <span className="min-w-0 flex-1">
        <HighlightedText
          text={title.text}
          ranges={product.highlights}
          lang={title.lang}
          className="line-clamp-2 font-semibold text-slate-900 group-hover:text-primary"
        />
        <span className="mt-1 block truncate text-[13px] text-slate-500">
          <bdi>{localize(product.enterprise.title, language)}</bdi>
        </span>
      </span>
    </Link>
  );
}
