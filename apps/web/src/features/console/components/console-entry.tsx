import { ChevronRight, LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/use-session.ts';
import { useConsoleMe } from '../api/console-me.ts';

/**
 * The 'Organiser console' row of the personal centre (§2 /my/index, DESIGN §7): shown to anyone who
 * holds a console role in some meeting or is a platform administrator (GET /console/me), nothing
 * for anyone else. Opens `#/console`.
 */
export function ConsoleEntry() {
  const { t, ready } = useTranslation('console');
  const session = useSession();
  const me = useConsoleMe(session.userId);
  if (!ready || !me.data || (me.data.has_console !== 1 && me.data.is_admin !== 1)) return null;
  return (
    <Link
      to="/console"
      className="flex min-h-14 items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 active:bg-slate-100"
      data-testid="console-entry"
    >
      <span className="text-slate-500">
        <LayoutDashboard aria-hidden="true" className="size-5" />
      </span>
      <span className="flex-1 text-[15px] text-slate-900">{t('entry.label')}</span>
      <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}
