import type { PersonCard } from '@app/contracts';
import { localize } from '@app/domain';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { peoplePaths } from '../../../lib/people-paths.ts';
import { IdentityBadge, LevelBadge } from './level-badge.tsx';

/** One person of the directory: avatar, name, level, work, industry and tags; opens the user page. */
export function PersonRow({ person, meetingId }: { person: PersonCard; meetingId: string }) {
  const language = useLanguage();
  const work = [person.work.title, person.work.company].filter(Boolean).join(' · ');
  return (
    <Link
      to={peoplePaths.user({ meetingId, userId: person._id.$id })}
      data-testid="person-row"
      className="flex items-start gap-3 rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-100 transition-colors hover:bg-slate-50"
    >
      <Avatar name={person.username} photo={person.avatar} className="size-12 text-lg" />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-1.5">
          <bdi className="truncate text-[16px] font-semibold text-slate-900">{person.username}</bdi>
          <LevelBadge level={person.membership_level} />
          <IdentityBadge label={person.special_identity_label} />
        </div>
        {work ? (
          <p dir="auto" className="truncate text-sm text-slate-600">
            {work}
          </p>
        ) : null}
        {person.industry || person.tags.length > 0 ? (
          <div className="flex flex-wrap gap-1.5 pt-0.5">
            {person.industry ? (
              <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs text-primary">
                {localize(person.industry.title, language)}
              </span>
            ) : null}
            {person.tags.map((tag) => (
              <bdi key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                #{tag}
              </bdi>
            ))}
          </div>
        ) : null}
      </div>
      <ChevronRight aria-hidden="true" className="mt-3 size-4 shrink-0 text-slate-300 rtl:-scale-x-100" />
    </Link>
  );
}
