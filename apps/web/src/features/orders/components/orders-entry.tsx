import { ChevronRight, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderPaths } from '../../../lib/orders-paths.ts';

/** The personal centre's row to the caller's orders (§2 /my/order). */
export function OrdersEntry({ meetingId }: { meetingId: string }) {
  const { t, ready } = useTranslation('orders');
  if (!ready) return null;
  return (
    <Link
      to={orderPaths.list({ meetingId })}
      className="flex min-h-14 items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 active:bg-slate-100"
      data-testid="orders-entry"
    >
      <span className="text-slate-500">
        <Receipt aria-hidden="true" className="size-5" />
      </span>
      <span className="flex-1 text-[15px] text-slate-900">{t('list.entry')}</span>
      <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}
