import { ChevronRight, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { peoplePaths } from '../../../lib/people-paths.ts';

/** The personal centre's row to the meeting's people directory (§2 /meeting/connection). */
export function PeopleEntry({ meetingId }: { meetingId: string }) {
  const { t, ready } = useTranslation('people');
  if (!ready) return null;
  return (
    <Link
      to={peoplePaths.connection({ meetingId })}
      className="flex min-h-14 items-center gap-3 px-4 py-3 transition-colors hover:bg-slate-50 active:bg-slate-100"
      data-testid="people-entry"
    >
      <span className="text-slate-500">
        <Users aria-hidden="true" className="size-5" />
      </span>
      <span className="flex-1 text-[15px] text-slate-900">{t('pages.connection')}</span>
      <ChevronRight aria-hidden="true" className="size-4 text-slate-400 rtl:-scale-x-100" />
    </Link>
  );
}
