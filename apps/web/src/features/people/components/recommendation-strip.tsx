import type { Recommendation, RecommendationReason } from '@app/contracts';
import { localize } from '@app/domain';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { peoplePaths } from '../../../lib/people-paths.ts';
import { useRecommendations } from '../api/people.ts';
import { LevelBadge } from './level-badge.tsx';

/** One reason in words ("Both attend …", "Shared tags: …"). */
export function useReasonText() {
  const { t } = useTranslation('people');
  const language = useLanguage();
  return (reason: RecommendationReason) => {
    const title = reason.title ? localize(reason.title, language) : '';
    switch (reason.kind) {
      case 'industry':
        return t('reasons.industry', { title });
      case 'tags':
        return t('reasons.tags', { tags: reason.tags.join(', ') });
      case 'session':
        return reason.count > 1
          ? t('reasons.sessions', { title, count: reason.count - 1 })
          : t('reasons.session', { title });
      case 'activity':
        return t('reasons.activity', { title });
      default:
        return t('reasons.exhibitor', { title });
    }
  };
}

/**
 * "Recommended for you" (§1 recommendations, GET /users/recommend): a horizontal strip of people to
 * meet, each with their first reason; hidden when there is nobody to recommend or the call fails.
 */
export function RecommendationStrip({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation('people');
  const list = useRecommendations(meetingId);
  const reasonText = useReasonText();
  if (list.isPending) {
    return (
      <div className="flex gap-3 overflow-hidden" aria-busy="true">
        {placeholderKeys(3).map((key) => (
          <Skeleton key={key} className="h-40 w-44 shrink-0 rounded-card" />
        ))}
      </div>
    );
  }
  if (list.isError || list.data.length === 0) return null;
  return (
    <section aria-labelledby="people-recommended" data-testid="recommendations">
      <h2
        id="people-recommended"
        className="mb-2 flex items-center gap-1.5 text-[15px] font-semibold text-slate-900"
      >
        <Sparkles aria-hidden="true" className="size-4 text-primary" />
        {t('recommended.title')}
      </h2>
      <ul className="scrollbar-none -mx-4 flex gap-3 overflow-x-auto px-4 pb-1 desk:mx-0 desk:px-0">
        {list.data.map((person: Recommendation) => (
          <li key={person._id.$id} className="w-44 shrink-0">
            <Link
              to={peoplePaths.user({ meetingId, userId: person._id.$id })}
              data-testid="recommendation"
              className="flex h-full flex-col items-center gap-1.5 rounded-card bg-white p-3 text-center shadow-sm ring-1 ring-slate-100 hover:bg-slate-50"
            >
              <Avatar name={person.username} photo={person.avatar} className="size-14 text-lg" />
              <bdi className="w-full truncate text-sm font-semibold text-slate-900">{person.username}</bdi>
              <LevelBadge level={person.membership_level} />
              <p dir="auto" className="line-clamp-2 text-xs text-slate-500">
                {person.reasons[0] ? reasonText(person.reasons[0]) : ''}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
