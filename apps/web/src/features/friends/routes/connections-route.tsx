import type { Friend } from '@app/contracts';
import { QrCode, Search, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { friendPaths } from '../../../lib/friends-paths.ts';
import { idOf, useMeeting } from '../../../lib/meeting-context.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { removeFriendRequest, useFriendMutation, useFriends } from '../api/friends.ts';
import { ContactCard } from '../components/contact-card.tsx';
import { displayName } from '../components/display-name.ts';
import { friendErrorMessage } from '../components/friend-error.ts';
import { RequestsLink } from '../components/requests-link.tsx';

/**
 * /my/connections (§2, §7 /user/friends): my connections with their contact details (§6), newest
 * first, searchable by name or company (kept in the address), each removable after a confirmation;
 * links to the requests and to my card.
 */
function ConnectionsRoute() {
  const { t, ready } = useTranslation('friends');
  const meetingId = idOf(useMeeting());
  const [keyword = '', setKeyword] = useSearchState('keyword');
  const [draft, setDraft] = useState(keyword);
  const friends = useFriends(keyword);
  const [removing, setRemoving] = useState<Friend | null>(null);
  const remove = useFriendMutation((userId: string) => removeFriendRequest(userId));

  let body: ReactNode;
  if (!ready || friends.isPending) {
    body = (
      <div className="space-y-3" aria-busy="true">
        {placeholderKeys(3).map((key) => (
          <Skeleton key={key} className="h-28 w-full" />
        ))}
      </div>
    );
  } else if (friends.isError) {
    body = <ErrorState onRetry={() => void friends.refetch()} />;
  } else if (friends.data.length === 0) {
    body = (
      <EmptyState
        icon={<Users aria-hidden="true" className="size-7" />}
        title={t('connections.empty')}
        action={
          keyword ? null : (
            <ButtonLink to={friendPaths.contact({ meetingId, scan: true })}>{t('card.scan')}</ButtonLink>
          )
        }
      />
    );
  } else {
    body = (
      <ul className="grid gap-3 desk:grid-cols-2" data-testid="connections-list">
        {friends.data.map((friend) => (
          <li key={friend._id.$id} className="relative">
            <ContactCard person={friend} className="h-full" />
            <Button
              size="sm"
              variant="ghost"
              className="absolute end-2 top-2 text-slate-500"
              onClick={() => setRemoving(friend)}
            >
              {t('connections.remove')}
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-[880px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader
        title={ready ? t('connections.title') : ''}
        actions={
          <Link
            to={friendPaths.contact({ meetingId })}
            className="inline-flex h-9 items-center gap-1.5 rounded-button px-3 text-sm font-medium text-primary hover:bg-primary/10"
          >
            <QrCode aria-hidden="true" className="size-4" />
            {ready ? t('connections.myCard') : ''}
          </Link>
        }
      />
      <RequestsLink meetingId={meetingId} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setKeyword(draft.trim() || undefined);
        }}
        className="flex items-center gap-2 rounded-card bg-white px-3 ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-primary"
      >
        <Search aria-hidden="true" className="size-4 text-slate-400" />
        <input
          type="search"
          value={draft}
          maxLength={64}
          onChange={(event) => {
            setDraft(event.target.value);
            if (!event.target.value) setKeyword(undefined);
          }}
          placeholder={ready ? t('connections.search') : ''}
          aria-label={ready ? t('connections.search') : ''}
          className="h-11 min-w-0 flex-1 bg-transparent text-[16px] outline-none"
        />
      </form>
      {body}
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('connections.removeTitle')}
        body={removing ? t('connections.removeBody', { name: displayName(removing, t) }) : ''}
        confirmLabel={t('connections.remove')}
        cancelLabel={t('connect.cancel')}
        isBusy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing._id.$id, {
            onSuccess: () => {
              setRemoving(null);
              showToast(t('connections.removed'));
            },
            onError: (error) => showToast(friendErrorMessage(error, t)),
          });
        }}
      />
    </div>
  );
}

export { ConnectionsRoute as Component };
