import type { FriendApplication } from '@app/contracts';
import { UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import type { ApplicationTab } from '../../../lib/friends-paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { answerApplicationRequest, useFriendApplications, useFriendMutation } from '../api/friends.ts';
import { displayName } from '../components/display-name.ts';
import { friendErrorMessage } from '../components/friend-error.ts';

type Action = 'accept' | 'ignore' | 'cancel';

/**
 * /my/connections/application (§2, §4 Connection application, §7 /user/friend/applications): requests
 * received (accept / ignore while waiting) and sent (withdraw while waiting), each with its message and
 * state; accepting shows the new friend's contacts at once (§6).
 */
function ApplicationsRoute() {
  const { t, ready } = useTranslation('friends');
  const [tabParam, setTab] = useSearchState('tab');
  const tab: ApplicationTab = tabParam === 'sent' ? 'sent' : 'received';
  const list = useFriendApplications(tab);
  const answer = useFriendMutation((input: { id: string; action: Action }) =>
    answerApplicationRequest(input.id, input.action),
  );
  const act = (id: string, action: Action) =>
    answer.mutate(
      { id, action },
      {
        onSuccess: () =>
          showToast(
            action === 'accept'
              ? t('connect.connected')
              : t(action === 'ignore' ? 'applications.status.ignored' : 'applications.status.cancelled'),
          ),
        onError: (error) => showToast(friendErrorMessage(error, t)),
      },
    );

  let body: ReactNode;
  if (!ready || list.isPending) {
    body = (
      <div className="space-y-3" aria-busy="true">
        {placeholderKeys(3).map((key) => (
          <Skeleton key={key} className="h-24 w-full" />
        ))}
      </div>
    );
  } else if (list.isError) {
    body = <ErrorState onRetry={() => void list.refetch()} />;
  } else if (list.data.length === 0) {
    body = (
      <EmptyState icon={<UserPlus aria-hidden="true" className="size-7" />} title={t('applications.empty')} />
    );
  } else {
    body = (
      <ul className="space-y-3" data-testid={`applications-${tab}`}>
        {list.data.map((item) => (
          <ApplicationRow
            key={item._id.$id}
            item={item}
            tab={tab}
            isBusy={answer.isPending}
            onAction={(action) => act(item._id.$id, action)}
          />
        ))}
      </ul>
    );
  }
  return (
    <div className="mx-auto max-w-[720px] space-y-5 px-4 pt-4 pb-10 desk:px-0 desk:pt-8">
      <PageHeader title={ready ? t('applications.title') : ''} />
      <Tabs
        label={ready ? t('applications.title') : ''}
        value={tab}
        onChange={(value) => setTab(value === 'received' ? undefined : value)}
        items={[
          { value: 'received', label: ready ? t('applications.received') : '' },
          { value: 'sent', label: ready ? t('applications.sent') : '' },
        ]}
      />
      {body}
    </div>
  );
}

const statusTone: Record<FriendApplication['status'], string> = {
  submitted: 'bg-amber-50 text-amber-700',
  accepted: 'bg-emerald-50 text-emerald-700',
  ignored: 'bg-slate-100 text-slate-500',
  cancelled: 'bg-slate-100 text-slate-500',
};

/** One request: the other person, their message, the state, and my possible answers. */
function ApplicationRow({
  item,
  tab,
  isBusy,
  onAction,
}: {
  item: FriendApplication;
  tab: ApplicationTab;
  isBusy: boolean;
  onAction: (action: Action) => void;
}) {
  const { t, i18n } = useTranslation('friends');
  const other = tab === 'received' ? item.applicant : item.target;
  const work = [other.work.title, other.work.company].filter(Boolean).join(' · ');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(item.created * 1000);
  const isWaiting = item.status === 'submitted';
  const name = displayName(other, t);
  return (
    <li className="rounded-card bg-white p-4 shadow-sm ring-1 ring-slate-100" data-testid="application-row">
      <div className="flex items-start gap-3">
        <Avatar name={name} photo={other.avatar} className="size-11" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="truncate text-[16px] font-semibold text-slate-900">{name}</p>
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusTone[item.status]}`}>
              {t(`applications.status.${item.status}`)}
            </span>
          </div>
          {work ? <p className="truncate text-sm text-slate-500">{work}</p> : null}
          {item.message ? (
            <p className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-2.5 text-[15px] text-slate-700">
              {item.message}
            </p>
          ) : null}
          <p className="mt-1.5 text-xs text-slate-400">{date}</p>
        </div>
      </div>
      {isWaiting ? (
        <div className="mt-3 flex justify-end gap-2">
          {tab === 'received' ? (
            <>
              <Button size="sm" variant="secondary" disabled={isBusy} onClick={() => onAction('ignore')}>
                {t('applications.ignore')}
              </Button>
              <Button
                size="sm"
                disabled={isBusy}
                data-testid="application-accept"
                onClick={() => onAction('accept')}
              >
                {t('applications.accept')}
              </Button>
            </>
          ) : (
            <Button size="sm" variant="secondary" disabled={isBusy} onClick={() => onAction('cancel')}>
              {t('applications.cancel')}
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}

export { ApplicationsRoute as Component };
