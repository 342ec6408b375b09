import { ExhibitorRequests } from '../features/appointments/components/exhibitor-requests.tsx';
import { ConsoleEntry } from '../features/console/components/console-entry.tsx';
import { DemandsEntry } from '../features/demands/components/demands-entry.tsx';
import { FootprintsEntry } from '../features/documents/components/footprints-entry.tsx';
import { FriendsEntry } from '../features/friends/components/friends-entry.tsx';
import { NotificationsEntry } from '../features/notifications/components/notifications-entry.tsx';
import { OrdersEntry } from '../features/orders/components/orders-entry.tsx';
import { PeopleEntry } from '../features/people/components/people-entry.tsx';
import { QuestionsEntry } from '../features/questions/components/questions-entry.tsx';
import { ThreadsEntry } from '../features/threads/components/threads-entry.tsx';
import { MyIndex } from '../features/users/routes/my-index-route.tsx';

/**
 * /my/index: the users feature draws the personal centre, the appointments feature the exhibitor's
 * requests row, the console feature the organiser console's entry (for anyone holding a role), the
 * documents feature the row to the browsing history, the orders feature the row to the caller's orders,
 * the threads feature the row to the meeting's discussions, the questions feature the row to the
 * caller's questions and price inquiries, the demands feature the row to the caller's demands, the
 * friends feature the rows to my connections (with the pending requests badge) and my contact card,
 * the people feature the row to the meeting's people directory.
 */
function MyIndexPage() {
  return (
    <MyIndex
      requestRows={(meetingId) => (
        <>
          <ConsoleEntry />
          <NotificationsEntry meetingId={meetingId} />
          <OrdersEntry meetingId={meetingId} />
          <ExhibitorRequests meetingId={meetingId} variant="menu" />
          <FootprintsEntry meetingId={meetingId} />
          <ThreadsEntry meetingId={meetingId} />
          <QuestionsEntry meetingId={meetingId} />
          <DemandsEntry meetingId={meetingId} />
          <PeopleEntry meetingId={meetingId} />
          <FriendsEntry meetingId={meetingId} />
        </>
      )}
    />
  );
}

export { MyIndexPage as Component };
