import type { PersonConnection, PersonPage } from '@app/contracts';
import { localize } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Briefcase, Building2, Tag } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { usePageShare } from '../../../lib/page-share.ts';
import { idParam, paths } from '../../../lib/paths.ts';
import { peoplePaths } from '../../../lib/people-paths.ts';
import { personOptions } from '../api/people.ts';
import { IdentityBadge, LevelBadge } from '../components/level-badge.tsx';

/** The connect control the user page shows under the name (§4 Connection application). */
export type UserConnectSlot = ComponentType<{
  userId: string;
  state: PersonConnection;
  onChange?: (state: PersonConnection) => void;
}>;

/** The contact card the user page shows last (§6): phone is national digits, area_code without '+'. */
export type UserContactSlot = ComponentType<{
  person: Pick<PersonPage, 'username' | 'avatar' | 'work'> & {
    phone: string;
    area_code: string;
    email: string;
  };
}>;

/**
 * The user page's widgets that belong to another feature (friends: connect button, contact card);
 * app/people-routes.tsx passes them in, so people never imports friends.
 */
export type UserRouteProps = { ConnectButton: UserConnectSlot; ContactCard: UserContactSlot };

/**
 * /meeting/user?user_id (§2 the user page): avatar, name, membership level and special identity,
 * work title and company (§3 User work), industry, tags, introduction; the connect button (§4) and
 * the contact card, whose phone and e-mail the API gives only to connected friends and the person
 * themself (§6). A missing, malformed, unknown or hidden person opens /404.
 */
export function UserRoute({ ConnectButton, ContactCard }: UserRouteProps) {
  const { t, ready } = useTranslation('people');
  const language = useLanguage();
  const meetingId = idOf(useMeeting());
  const [search] = useSearchParams();
  const userId = idParam(search, 'user_id');
  const queryClient = useQueryClient();
  const person = useQuery({ ...personOptions(meetingId, userId ?? ''), enabled: userId !== undefined });
  // The person's card when the page is shared inside WeChat (§2 share links: user).
  const shared = person.data;
  usePageShare(
    shared && userId
      ? {
          link: { type: 'user', meetingId, id: userId, lang: language },
          title: shared.username,
          description: [shared.work?.title, shared.work?.company].filter(Boolean).join(' · '),
        }
      : undefined,
  );

  if (!userId) return <Navigate to={paths.notFound()} replace />;
  if (person.error instanceof ApiError && person.error.status === 404) {
    return <Navigate to={paths.notFound()} replace />;
  }
  if (!ready || person.isPending) {
    return (
      <div className="mx-auto max-w-[720px] space-y-4 px-4 pt-6 desk:px-0" aria-busy="true">
        <Skeleton className="mx-auto size-24 rounded-full" />
        <Skeleton className="mx-auto h-6 w-40" />
        <SkeletonText lines={4} />
      </div>
    );
  }
  if (person.isError) return <ErrorState onRetry={() => void person.refetch()} />;
  const p = person.data;
  const onChange = (state: PersonConnection) => {
    queryClient.setQueryData(personOptions(meetingId, userId).queryKey, { ...p, connection: state });
    void queryClient.invalidateQueries({ queryKey: ['people'] });
  };
  const national =
    p.contact?.phone && p.contact.area_code ? p.contact.phone.slice(p.contact.area_code.length + 1) : '';
  return (
    <div
      className="mx-auto max-w-[720px] space-y-5 px-4 pt-6 pb-10 desk:px-0 desk:pt-10"
      data-testid="user-page"
    >
      <header className="flex flex-col items-center gap-2 text-center">
        <Avatar name={p.username} photo={p.avatar} className="size-24 text-3xl" />
        <h1 className="text-xl font-semibold text-slate-900">
          <bdi>{p.username}</bdi>
        </h1>
        <div className="flex flex-wrap justify-center gap-1.5">
          <LevelBadge level={p.membership_level} />
          <IdentityBadge label={p.special_identity_label} />
        </div>
        <div className="pt-1">
          <ConnectButton userId={p._id.$id} state={p.connection} onChange={onChange} />
        </div>
        {p.connection === 'self' ? (
          <Link
            to={peoplePaths.profilePeople({ meetingId })}
            className="text-sm text-primary underline-offset-2 hover:underline"
          >
            {p.exposure === 1 ? t('user.shown') : t('user.hidden')} · {t('user.edit')}
          </Link>
        ) : null}
      </header>
      <section className="space-y-3 rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-100">
        {p.work.title ? (
          <p className="flex items-center gap-2 text-[15px] text-slate-700">
            <Briefcase aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <span className="sr-only">{t('user.title')}</span>
            <bdi>{p.work.title}</bdi>
          </p>
        ) : null}
        {p.work.company ? (
          <p className="flex items-center gap-2 text-[15px] text-slate-700">
            <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <span className="sr-only">{t('user.company')}</span>
            <bdi>{p.work.company}</bdi>
          </p>
        ) : null}
        {p.industry ? (
          <p className="flex items-center gap-2 text-[15px] text-slate-700">
            <Tag aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            {t('user.industry')}: {localize(p.industry.title, language)}
          </p>
        ) : null}
        {p.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('user.tags')}>
            {p.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={`${peoplePaths.connection({ meetingId })}&tag=${encodeURIComponent(tag)}`}
                  className="inline-flex rounded-full bg-slate-100 px-2.5 py-1 text-sm text-slate-700 hover:bg-slate-200"
                >
                  <bdi>#{tag}</bdi>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {p.introduction ? (
          <p
            dir="auto"
            className="whitespace-pre-line border-t border-slate-100 pt-3 text-[15px] leading-relaxed text-slate-700"
          >
            {p.introduction}
          </p>
        ) : null}
        {!p.work.title && !p.work.company && !p.industry && p.tags.length === 0 && !p.introduction ? (
          <p className="text-sm text-slate-500">{t('user.nothing')}</p>
        ) : null}
      </section>
      <ContactCard
        person={{
          username: p.username,
          avatar: p.avatar,
          work: p.work,
          phone: national,
          area_code: p.contact?.area_code ?? '',
          email: p.contact?.email ?? '',
        }}
      />
    </div>
  );
}
