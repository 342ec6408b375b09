import { localize } from '@app/domain';
import { Building2, Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { cx } from '../../../components/ui/cx.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useLikedEnterprises, useLikedProducts } from '../api/collection.ts';
import { ProductTile } from '../components/product-tile.tsx';

type Tab = 'enterprises' | 'products';

/** /my/collection (§2, login): the companies and products the visitor collected, latest first. */
function CollectionRoute() {
  const { t, ready } = useTranslation('exhibitors');
  const meetingId = useMeeting()._id.$id;
  const [tabParam] = useSearchState('tab');
  const tab: Tab = tabParam === 'products' ? 'products' : 'enterprises';
  const tabs: { value: Tab; label: string }[] = [
    { value: 'enterprises', label: t('collection.enterprises') },
    { value: 'products', label: t('collection.products') },
  ];
  if (!ready) return <ListSkeleton />;
  return (
    <div className="px-4 pt-2 pb-8 desk:px-0 desk:pt-8">
      <nav className="flex gap-6 border-b border-slate-200" aria-label={t('pages.collection')}>
        {tabs.map((item) => (
          <Link
            key={item.value}
            to={paths.collection({ meetingId, tab: item.value })}
            replace
            aria-current={item.value === tab ? 'page' : undefined}
            data-testid={`collection-tab-${item.value}`}
            className={cx(
              '-mb-px border-b-2 px-1 py-3 text-[15px] font-medium',
              item.value === tab ? 'border-primary text-primary' : 'border-transparent text-slate-500',
            )}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      <div className="mt-4">
        {tab === 'enterprises' ? (
          <LikedEnterprises meetingId={meetingId} />
        ) : (
          <LikedProducts meetingId={meetingId} />
        )}
      </div>
    </div>
  );
}

function BrowseLink({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation('exhibitors');
  const language = useLanguage();
  const wording = useMeeting().exhibition.exhibition_txt;
  const exhibition = (wording && localize(wording, language).trim()) || t('words.exhibition');
  return (
    <Link to={paths.exhibit.pavilion({ meetingId })} className={buttonClass('secondary')}>
      {t('collection.browse', { exhibition })}
    </Link>
  );
}

function LikedEnterprises({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation('exhibitors');
  const language = useLanguage();
  const liked = useLikedEnterprises(meetingId);
  if (liked.isPending) return <ListSkeleton />;
  if (liked.isError) return <ErrorState onRetry={() => void liked.refetch()} />;
  if (liked.data.length === 0) {
    return (
      <EmptyState
        icon={<Building2 aria-hidden="true" className="size-7" />}
        title={t('collection.emptyEnterprises')}
        action={<BrowseLink meetingId={meetingId} />}
      />
    );
  }
  return (
    <ul
      className="grid grid-cols-1 gap-3 md:grid-cols-2 desk:grid-cols-3"
      data-testid="collection-enterprises"
    >
      {liked.data.map((enterprise) => {
        const title = localize(enterprise.title, language);
        return (
          <li key={enterprise._id.$id}>
            <Link
              to={paths.enterprise({ meetingId, enterpriseId: enterprise._id.$id })}
              className="group flex items-center gap-3 rounded-card bg-white p-3 ring-1 ring-slate-900/[0.06] transition hover:ring-primary/25"
            >
              <Thumb src={enterprise.logo} name={title} size={56} className="size-14" />
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 font-semibold text-slate-900 group-hover:text-primary">
                  <bdi>{title}</bdi>
                </span>
                {enterprise.industry ? (
                  <span className="mt-1 block truncate text-[13px] text-slate-500">
                    {localize(enterprise.industry.title, language)}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function LikedProducts({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation('exhibitors');
  const liked = useLikedProducts(meetingId);
  if (liked.isPending) return <ListSkeleton />;
  if (liked.isError) return <ErrorState onRetry={() => void liked.refetch()} />;
  if (liked.data.length === 0) {
    return (
      <EmptyState
        icon={<Package aria-hidden="true" className="size-7" />}
        title={t('collection.emptyProducts')}
        action={<BrowseLink meetingId={meetingId} />}
      />
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 desk:grid-cols-5" data-testid="collection-products">
      {liked.data.map((product) => (
        <li key={product._id.$id}>
          <ProductTile product={product} meetingId={meetingId} showEnterprise />
        </li>
      ))}
    </ul>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-3 pt-4" aria-busy="true">
      {placeholderKeys(4).map((key) => (
        <Skeleton key={key} className="h-20 rounded-card" />
      ))}
    </div>
  );
}

export { CollectionRoute as Component };
