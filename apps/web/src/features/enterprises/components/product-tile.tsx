import type { Product } from '@app/contracts';
import { localize } from '@app/domain';
import { Link } from 'react-router';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';

/** A product in a grid: square cover and title (enterprise page, collection). */
export function ProductTile({
  product,
  meetingId,
  showEnterprise = false,
}: {
  product: Product;
  meetingId: string;
  showEnterprise?: boolean;
}) {
  const language = useLanguage();
  const title = localize(product.title, language);
  return (
    <Link
      to={paths.product({ meetingId, productId: product._id.$id })}
      data-testid="product-tile"
      className="group block h-full overflow-hidden rounded-card bg-white ring-1 ring-slate-900/[0.06] transition hover:shadow-md hover:ring-primary/25"
    >
      <Thumb
        src={product.images[0]}
        name={title}
        fit="cover"
        isBare
        className="aspect-square w-full text-2xl"
      />
      <span className="block p-2.5">
        <span className="line-clamp-2 text-sm font-medium text-slate-900 group-hover:text-primary">
          <bdi>{title}</bdi>
        </span>
        {showEnterprise ? (
          <span className="mt-0.5 block truncate text-xs text-slate-500">
            <bdi>{localize(product.enterprise.title, language)}</bdi>
          </span>
        ) : null}
      </span>
    </Link>
  );
}
