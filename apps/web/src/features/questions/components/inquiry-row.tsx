import type { Inquiry } from '@app/contracts';
import { localize } from '@app/domain';
import { formatMoney } from '@app/domain/money';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { questionPaths } from '../../../lib/questions-paths.ts';
import { StateLabel } from './question-card.tsx';

/** Currency of inquiry amounts (§9 amounts in yuan). */
export const inquiryCurrency = 'CNY';

/**
 * One price inquiry in a list, linking to its thread: the other side (the company for the inquirer,
 * the inquirer for the exhibitor), the product, what was asked, the target price, open or closed and
 * the number of replies.
 */
export function InquiryRow({ inquiry, meetingId }: { inquiry: Inquiry; meetingId: string }) {
  const { t } = useTranslation('questions');
  const language = useLanguage();
  const who =
    inquiry.role === 'asker'
      ? localize(inquiry.enterprise.title, language)
      : inquiry.user.username || t('list.anonymous');
  const product = inquiry.product ? localize(inquiry.product.title, language) : '';
  return (
    <Link
      to={questionPaths.thread({ meetingId, askId: inquiry._id.$id })}
      className="flex items-center gap-3 rounded-card bg-white p-4 ring-1 ring-slate-200 hover:bg-slate-50"
      data-testid="inquiry-row"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate text-[15px] font-semibold text-slate-900">
            <bdi>{who}</bdi>
          </span>
          <span
            className={cx(
              'rounded-md px-2 py-0.5 text-xs font-medium',
              inquiry.status === 'open' ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600',
            )}
          >
            {inquiry.status === 'open' ? t('inbox.open') : t('inbox.closed')}
          </span>
          <StateLabel state={inquiry.state} />
        </div>
        {product ? (
          <p className="truncate text-xs text-slate-500">{t('thread.product', { product })}</p>
        ) : null}
        <p dir="auto" className="line-clamp-2 break-words text-sm text-slate-700">
          {inquiry.content}
        </p>
        <div className="flex flex-wrap gap-3 text-xs text-slate-500">
          {inquiry.amount !== null ? (
            <span>
              <bdi>
                {t('inbox.amount', {
                  amount: formatMoney(inquiry.amount, inquiryCurrency, language, { zeroAsFree: false }),
                })}
              </bdi>
            </span>
          ) : null}
          <span>{t('inbox.messages', { count: inquiry.message_total })}</span>
        </div>
      </div>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400 rtl:rotate-180" />
    </Link>
  );
}
