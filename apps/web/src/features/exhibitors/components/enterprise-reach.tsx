import type { Enterprise } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n.ts';

/**
 * What the exhibitor's own company page reached (§7 counters, folded every few seconds): views,
 * likes, calls, e-mails and attachment views — shown to the bound exhibitor on its manage page.
 */
export function EnterpriseReach({ enterprise }: { enterprise: Enterprise }) {
  const { t } = useTranslation('exhibitors');
  const language = useLanguage();
  const number = new Intl.NumberFormat(language);
  const figures = [
    ['views', enterprise.views_total],
    ['likes', enterprise.likes_total],
    ['calls', enterprise.calls_total],
    ['mails', enterprise.mails_total],
    ['attachmentViews', enterprise.attachment_views_total],
  ] as const;
  return (
    <section
      aria-labelledby="enterprise-reach"
      className="rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-100"
      data-testid="enterprise-reach"
    >
      <h2 id="enterprise-reach" className="text-[15px] font-semibold text-slate-900">
        {t('manage.reach.title')}
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-3 md:grid-cols-5">
        {figures.map(([key, value]) => (
          <div key={key} className="rounded-xl bg-slate-50 px-3 py-2">
            <dt className="truncate text-[12px] text-slate-500">{t(`manage.reach.${key}`)}</dt>
            <dd className="text-[18px] font-semibold text-slate-900 tabular-nums">{number.format(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
