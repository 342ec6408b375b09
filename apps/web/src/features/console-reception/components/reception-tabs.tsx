import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { cx } from '../../../components/ui/cx.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { receptionScreens } from '../console-reception-screens.ts';

/**
 * The reception area's own navigation (guests, phases, import, board) and the link to the team
 * screen where receptionists and their sub-roles are granted (§6). Tabs the caller may not open are
 * left out (the board alone for the desk).
 */
export function ReceptionTabs({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation('console-reception');
  const actions = useConsole().meeting?.actions ?? [];
  const canManage = actions.includes('reception.manage');
  const tabs = [
    ...(canManage
      ? [
          { to: receptionScreens.guests(meetingId), label: t('tabs.guests'), end: true },
          { to: receptionScreens.phases(meetingId), label: t('tabs.phases'), end: false },
          { to: receptionScreens.import(meetingId), label: t('tabs.import'), end: false },
        ]
      : []),
    { to: receptionScreens.board(meetingId), label: t('tabs.board'), end: false },
  ];
  return (
    <div className="mb-4 flex flex-col gap-2">
      <nav className="scrollbar-none -mx-1 flex gap-1 overflow-x-auto px-1 pb-1" aria-label={t('nav')}>
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) =>
              cx(
                'inline-flex h-9 shrink-0 items-center rounded-full px-4 text-sm whitespace-nowrap transition',
                isActive
                  ? 'bg-primary text-on-primary shadow-sm'
                  : 'bg-white text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50',
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      {actions.includes('team.manage') ? (
        <Link
          to={receptionScreens.team(meetingId)}
          className="inline-flex items-center gap-1.5 self-start text-sm text-primary hover:underline"
          data-testid="reception-team-link"
        >
          <Users aria-hidden="true" className="size-4" />
          {t('teamLink')}
        </Link>
      ) : null}
    </div>
  );
}
