import type { Enterprise } from '@app/contracts';
import { localize } from '@app/domain';
import {
  CalendarPlus,
  ChevronRight,
  Globe,
  Mail,
  MapPin,
  MessageCircleQuestion,
  Package,
  Phone,
  Tag,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionTitle } from '../../../components/ui/page-header.tsx';
import { Paragraphs } from '../../../components/ui/paragraphs.tsx';
import { ShareButton } from '../../../components/ui/share-button.tsx';
import { placeholderKeys, Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { appointmentPaths } from '../../../lib/appointment-paths.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { followInvitation, invitationAttributionParam } from '../../../lib/invitation-attribution.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { paths } from '../../../lib/paths.ts';
import { questionPaths } from '../../../lib/questions-paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { recordEnterpriseContact, recordEnterpriseVisit } from '../api/enterprise-interactions.ts';
import { useEnterprise, useEnterpriseExhibitor } from '../api/get-enterprise.ts';
import { useEnterpriseProducts } from '../api/list-enterprise-products.ts';
import { EnterpriseReactions } from '../components/enterprise-reactions.tsx';
import { ProductTile } from '../components/product-tile.tsx';

/**
 * /meeting/enterprise?enterprise_id=… (§2): cover, logo, name, booth and industry, collect and like,
 * call and mail (each counted), description, contact and the products; the visit is counted once.
 */
function EnterpriseRoute() {
  const { ready } = useTranslation(['exhibitors', 'common']);
  const meetingId = useMeeting()._id.$id;
  const [enterpriseId] = useSearchState('enterprise_id');
  const enterprise = useEnterprise(enterpriseId);

  if (!enterpriseId) return <Navigate to={paths.notFound()} replace />;
  if (enterprise.isPending || !ready) return <EnterpriseSkeleton />;
  if (enterprise.isError) return <ErrorState className="py-24" onRetry={() => void enterprise.refetch()} />;
  if (enterprise.data === null) return <Navigate to={paths.notFound()} replace />;
  if (enterprise.data.deleted === 1) return <Navigate to={paths.deleted({ replace: true })} replace />;
  return <EnterprisePage key={enterpriseId} enterprise={enterprise.data} meetingId={meetingId} />;
}

function EnterprisePage({ enterprise, meetingId }: { enterprise: Enterprise; meetingId: string }) {
  const { t } = useTranslation('exhibitors');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const wording = useMeeting().exhibition.exhibit_txt;
  // The meeting's word for its exhibits stands in for 'Products' (§3 exhibit_txt).
  const productsWord = (wording && localize(wording, language).trim()) || t('words.products');
  const id = enterprise._id.$id;
  const exhibitor = useEnterpriseExhibitor(meetingId, id);
  const products = useEnterpriseProducts(meetingId, id);
  const counted = useRef(false);
  const [invitedBy] = useSearchState(invitationAttributionParam);
  useEffect(() => {
    if (counted.current) return;
    counted.current = true;
    recordEnterpriseVisit(id, meetingId);
    // Opened from the enterprise's invitation poster (§7 POST /enterprises/{id}/invites).
    if (invitedBy === id) followInvitation(id, meetingId);
  }, [id, meetingId, invitedBy]);

  const title = localize(enterprise.title, language);
  const description = localize(enterprise.description, language);
  const address = localize(enterprise.address, language);
  const booth = exhibitor.data?.booth ?? '';
  const industry = enterprise.industry ? localize(enterprise.industry.title, language) : '';
  const cover = enterprise.images[0];

  return (
    <article className="pb-8 desk:pt-8">
      <header className="relative">
        <div className="h-36 overflow-hidden bg-gradient-to-br from-primary/30 via-primary/10 to-white desk:h-56 desk:rounded-card">
          {cover ? <img src={cover} alt="" className="size-full object-cover" /> : null}
        </div>
        <div className="relative -mt-10 px-4 desk:px-6">
          <Thumb
            src={enterprise.logo}
            name={title}
            size={80}
            className="size-20 text-2xl shadow-md ring-4 ring-white"
          />
          <h1
            className="mt-3 text-[22px] leading-tight font-bold text-slate-900 desk:text-3xl"
            data-testid="enterprise-title"
          >
            <bdi>{title}</bdi>
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-[13px] text-slate-600">
            {booth ? (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-3.5" />
                <bdi>{t('list.booth', { booth })}</bdi>
              </span>
            ) : null}
            {industry ? <span className="rounded-md bg-slate-100 px-2 py-0.5">{industry}</span> : null}
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <EnterpriseReactions enterprise={enterprise} meetingId={meetingId} />
            <ShareButton link={{ type: 'enterprise', meetingId, id }} title={title} />
            {exhibitor.data ? (
              <Link
                to={paths.invitation({ meetingId, enterpriseId: id })}
                className={buttonClass('ghost', 'sm', 'h-10 rounded-full')}
                data-testid="enterprise-invitation"
              >
                {t('enterprise.invitation')}
              </Link>
            ) : null}
          </div>
          {/* Any exhibiting enterprise can be asked for a meeting, on site or online — also as a
              follow-up after the event (§3 Meeting request); the server only needs a future time. */}
          {exhibitor.data ? (
            <Link
              to={appointmentPaths.apply({ meetingId, enterpriseId: id })}
              className={buttonClass('primary', 'md', 'mt-4 h-12 w-full text-[16px] desk:w-auto desk:px-8')}
              data-testid="enterprise-book-meeting"
            >
              <CalendarPlus aria-hidden="true" className="size-5" />
              {tc('pages.appointmentApply')}
            </Link>
          ) : null}
        </div>
      </header>

      <div className="mt-6 space-y-8 px-4 desk:grid desk:grid-cols-[minmax(0,1fr)_340px] desk:gap-8 desk:space-y-0 desk:px-6">
        <div className="space-y-8">
          {description ? (
            <section aria-labelledby="enterprise-about">
              <SectionTitle id="enterprise-about">{t('enterprise.about')}</SectionTitle>
              <Paragraphs text={description} />
            </section>
          ) : null}
          <section aria-labelledby="enterprise-products">
            <SectionTitle id="enterprise-products">{productsWord}</SectionTitle>
            {products.isPending ? (
              <div className="grid grid-cols-2 gap-3 md:grid-cols-3 desk:grid-cols-3">
                {placeholderKeys(4).map((key) => (
                  <Skeleton key={key} className="aspect-[4/5] rounded-card" />
                ))}
              </div>
            ) : products.isError ? (
              <ErrorState onRetry={() => void products.refetch()} />
            ) : products.data.length === 0 ? (
              <EmptyState
                className="py-6"
                icon={<Package aria-hidden="true" className="size-7" />}
                title={t('enterprise.noProducts')}
              />
            ) : (
              <ul
                className="grid grid-cols-2 gap-3 md:grid-cols-3 desk:grid-cols-3"
                data-testid="enterprise-products"
              >
                {products.data.map((product) => (
                  <li key={product._id.$id}>
                    <ProductTile product={product} meetingId={meetingId} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {exhibitor.data ? <QuestionsSection enterpriseId={id} meetingId={meetingId} /> : null}
        </div>
        <ContactCard enterprise={enterprise} meetingId={meetingId} address={address} />
      </div>
    </article>
  );
}

/** §4 Q&A on the enterprise page: its questions and answers, ask a question, ask for a price (§3). */
function QuestionsSection({ enterpriseId, meetingId }: { enterpriseId: string; meetingId: string }) {
  const { t } = useTranslation('questions');
  const row =
    'flex min-h-12 items-center gap-3 px-4 py-2.5 text-[15px] text-slate-800 transition-colors hover:bg-slate-50';
  const links = [
    {
      to: questionPaths.list({ meetingId, enterpriseId }),
      icon: MessageCircleQuestion,
      label: t('section.all'),
      testId: 'enterprise-questions',
    },
    {
      to: questionPaths.ask({ meetingId, enterpriseId }),
      icon: MessageCircleQuestion,
      label: t('section.ask'),
      testId: 'enterprise-ask',
    },
    {
      to: questionPaths.askPrice({ meetingId, enterpriseId }),
      icon: Tag,
      label: t('section.askPrice'),
      testId: 'enterprise-ask-price',
    },
  ];
  return (
    <section aria-labelledby="enterprise-questions-title">
      <SectionTitle id="enterprise-questions-title">{t('section.title')}</SectionTitle>
      <Card className="divide-y divide-slate-100 overflow-hidden">
        {links.map(({ to, icon: Icon, label, testId }) => (
          <Link key={testId} to={to} className={row} data-testid={testId}>
            <Icon aria-hidden="true" className="size-5 text-primary" />
            <span className="flex-1">{label}</span>
            <ChevronRight aria-hidden="true" className="size-5 text-slate-400 rtl:-scale-x-100" />
          </Link>
        ))}
      </Card>
    </section>
  );
}

/** Call (tel:), mail (mailto:) and website; taps on call and mail are counted. */
function ContactCard({
  enterprise,
  meetingId,
  address,
}: {
  enterprise: Enterprise;
  meetingId: string;
  address: string;
}) {
  const { t } = useTranslation('exhibitors');
  const id = enterprise._id.$id;
  const website = enterprise.website && /^https?:\/\//i.test(enterprise.website) ? enterprise.website : '';
  if (!enterprise.phone && !enterprise.email && !website && !address) return null;
  const row =
    'flex min-h-12 items-center gap-3 px-4 py-2.5 text-[15px] text-slate-800 transition-colors hover:bg-slate-50';
  return (
    <section aria-labelledby="enterprise-contact" className="desk:self-start">
      <SectionTitle id="enterprise-contact">{t('enterprise.contact')}</SectionTitle>
      <Card className="divide-y divide-slate-100 overflow-hidden">
        {enterprise.phone ? (
          <a
            href={`tel:${enterprise.phone.replace(/[^\d+]/g, '')}`}
            className={row}
            onClick={() => recordEnterpriseContact('call', id, meetingId)}
            data-testid="enterprise-call"
          >
            <Phone aria-hidden="true" className="size-5 text-primary" />
            <span className="flex-1">{t('enterprise.call')}</span>
            <bdi dir="ltr" className="text-sm text-slate-500">
              {enterprise.phone}
            </bdi>
          </a>
        ) : null}
        {enterprise.email ? (
          <a
            href={`mailto:${enterprise.email}`}
            className={row}
            onClick={() => recordEnterpriseContact('mail', id, meetingId)}
            data-testid="enterprise-mail"
          >
            <Mail aria-hidden="true" className="size-5 text-primary" />
            <span className="flex-1">{t('enterprise.mail')}</span>
            <bdi dir="ltr" className="max-w-[60%] truncate text-sm text-slate-500">
              {enterprise.email}
            </bdi>
          </a>
        ) : null}
        {website ? (
          <a href={website} target="_blank" rel="noopener noreferrer" className={row}>
            <Globe aria-hidden="true" className="size-5 text-primary" />
            <span className="flex-1">{t('enterprise.website')}</span>
            <bdi dir="ltr" className="max-w-[60%] truncate text-sm text-slate-500">
              {website.replace(/^https?:\/\//i, '')}
            </bdi>
          </a>
        ) : null}
        {address ? (
          <p className={row}>
            <MapPin aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <span className="flex-1">{address}</span>
          </p>
        ) : null}
      </Card>
    </section>
  );
}

function EnterpriseSkeleton() {
  return (
    <div className="pb-8 desk:pt-8" aria-busy="true">
      <Skeleton className="h-36 rounded-none desk:h-56 desk:rounded-card" />
      <div className="-mt-10 space-y-3 px-4 desk:px-6">
        <Skeleton className="size-20 rounded-xl ring-4 ring-white" />
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-32" />
        <SkeletonText lines={4} className="pt-4" />
      </div>
    </div>
  );
}

export { EnterpriseRoute as Component };
