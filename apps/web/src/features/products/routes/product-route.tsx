import type { Product } from '@app/contracts';
import { localize } from '@app/domain';
import { ChevronRight, Tag } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionTitle } from '../../../components/ui/page-header.tsx';
import { Paragraphs } from '../../../components/ui/paragraphs.tsx';
import { ShareButton } from '../../../components/ui/share-button.tsx';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { questionPaths } from '../../../lib/questions-paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useProduct } from '../api/get-product.ts';
import { recordProductVisit } from '../api/product-interactions.ts';
import { Gallery } from '../components/gallery.tsx';
import { ProductReactions } from '../components/product-reactions.tsx';

/** /meeting/product?product_id=… (§2): images, title, its enterprise, collect and like, description. */
function ProductRoute() {
  const { ready } = useTranslation(['exhibitors', 'common']);
  const meetingId = useMeeting()._id.$id;
  const [productId] = useSearchState('product_id');
  const product = useProduct(productId);

  if (!productId) return <Navigate to={paths.notFound()} replace />;
  if (product.isPending || !ready) return <ProductSkeleton />;
  if (product.isError) return <ErrorState className="py-24" onRetry={() => void product.refetch()} />;
  if (product.data === null) return <Navigate to={paths.notFound()} replace />;
  if (product.data.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  return <ProductPage key={productId} product={product.data} meetingId={meetingId} />;
}

function ProductPage({ product, meetingId }: { product: Product; meetingId: string }) {
  const { t } = useTranslation('exhibitors');
  const { t: tq } = useTranslation('questions');
  const language = useLanguage();
  const title = localize(product.title, language);
  const description = localize(product.description, language);
  const enterpriseTitle = localize(product.enterprise.title, language);
  const counted = useRef(false);
  useEffect(() => {
    if (counted.current) return;
    counted.current = true;
    recordProductVisit(product.enterprise_id.$id, product._id.$id, meetingId);
  }, [product, meetingId]);

  return (
    <article className="pb-8 desk:grid desk:grid-cols-[minmax(0,480px)_minmax(0,1fr)] desk:gap-10 desk:pt-8">
      <Gallery images={product.images} title={title} />
      <div className="space-y-6 px-4 pt-4 desk:px-0 desk:pt-0">
        <h1
          className="text-[22px] leading-tight font-bold text-slate-900 desk:text-3xl"
          data-testid="product-title"
        >
          <bdi>{title}</bdi>
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <ProductReactions product={product} meetingId={meetingId} />
          <ShareButton link={{ type: 'product', meetingId, id: product._id.$id }} title={title} />
        </div>
        {/* §3 Price inquiry: its target may be a product of the enterprise. */}
        <Link
          to={questionPaths.askPrice({
            meetingId,
            enterpriseId: product.enterprise._id.$id,
            productId: product._id.$id,
          })}
          className={buttonClass('primary', 'md', 'h-12 w-full text-[16px] desk:w-auto desk:px-8')}
          data-testid="product-ask-price"
        >
          <Tag aria-hidden="true" className="size-5" />
          {tq('section.askPrice')}
        </Link>
        <Link
          to={paths.enterprise({ meetingId, enterpriseId: product.enterprise._id.$id })}
          data-testid="product-enterprise"
          className="flex items-center gap-3 rounded-card bg-white p-3 ring-1 ring-slate-900/[0.06] transition hover:ring-primary/25"
        >
          <Thumb src={product.enterprise.logo} name={enterpriseTitle} size={48} className="size-12" />
          <span className="min-w-0 flex-1">
            <span className="block text-xs text-slate-500">{t('product.from')}</span>
            <span className="block truncate font-semibold text-slate-900">
              <bdi>{enterpriseTitle}</bdi>
            </span>
          </span>
          <ChevronRight aria-hidden="true" className="size-5 text-slate-400 rtl:-scale-x-100" />
        </Link>
        {description ? (
          <section aria-labelledby="product-description">
            <SectionTitle id="product-description">{t('product.description')}</SectionTitle>
            <Paragraphs text={description} />
          </section>
        ) : null}
      </div>
    </article>
  );
}

function ProductSkeleton() {
  return (
    <div className="pb-8 desk:grid desk:grid-cols-[480px_1fr] desk:gap-10 desk:pt-8" aria-busy="true">
      <Skeleton className="aspect-square w-full rounded-none desk:rounded-card" />
      <div className="space-y-4 px-4 pt-4 desk:px-0">
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-10 w-48 rounded-full" />
        <SkeletonText lines={4} />
      </div>
    </div>
  );
}

export { ProductRoute as Component };
