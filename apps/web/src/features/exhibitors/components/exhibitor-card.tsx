import type { Exhibitor } from '@app/contracts';
import { localize } from '@app/domain';
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HighlightedText, localizeWithKey } from '../../../components/ui/highlight.tsx';
import { Thumb } from '../../../components/ui/thumb.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';

/** A pavilion row: logo, name (search matches marked), booth, industry and group. */
export function ExhibitorCard({ exhibitor, meetingId }: { exhibitor: Exhibitor; meetingId: string }) {
  const { t } = useTranslation('exhibitors');
  const language = useLanguage();
  const title = localizeWithKey(exhibitor.enterprise.title, language);
  const industry = exhibitor.industry ? localize(exhibitor.industry.title, language) : '';
  const group = exhibitor.exhibitor_group ? localize(exhibitor.exhibitor_group.title, language) : '';
  return (
    <Link
      to={paths.enterprise({ meetingId, enterpriseId: exhibitor.enterprise_id.$id })}
      data-testid="exhibitor-card"
      className="group flex h-full items-center gap-3.5 rounded-card bg-white p-3.5 ring-1 ring-slate-900/[0.06] transition hover:shadow-md hover:ring-primary/25"
    >
      <Thumb src={exhibitor.enterprise.logo} name={title.text} size={64} className="size-16 text-lg" />
      <span className="min-w-0 flex-1">
        <HighlightedText
          text={title.text}
          ranges={exhibitor.highlights}
          lang={title.lang}
          className="line-clamp-2 font-semibold text-slate-900 group-hover:text-primary"
        />
        {exhibitor.booth ? (
          <span className="mt-1 flex items-center gap-1 text-[13px] text-slate-500">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            <bdi>{t('list.booth', { booth: exhibitor.booth })}</bdi>
          </span>
        ) : null}
        {industry || group ? (
          <span className="mt-1.5 flex flex-wrap gap-1.5">
            {industry ? (
              <span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-600">{industry}</span>
            ) : null}
            {group ? (
              <span className="rounded-md bg-primary/10 px-2 py-0.5 text-xs text-primary">{group}</span>
            ) : null}
          </span>
        ) : null}
      </span>
    </Link>
  );
}

/** Placeholders of the pavilion list while it loads, at the card's size. */
export function ExhibitorListSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 desk:grid-cols-3" aria-busy="true">
      {Array.from({ length: count }, (_, i) => `s${i}`).map((key) => (
        <li
          key={key}
          className="flex items-center gap-3.5 rounded-card bg-white p-3.5 ring-1 ring-slate-900/[0.06]"
        >
          <span className="size-16 shrink-0 animate-pulse rounded-xl bg-slate-200/80" />
          <span className="flex-1 space-y-2">
            <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200/80" />
            <span className="block h-3 w-1/3 animate-pulse rounded bg-slate-200/80" />
          </span>
        </li>
      ))}
    </ul>
  );
}
