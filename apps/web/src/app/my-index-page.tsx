import { ExhibitorRequests } from '../features/appointments/components/exhibitor-requests.tsx';
import { MyIndex } from '../features/users/routes/my-index-route.tsx';

/** /my/index: the users feature draws the personal centre, the appointments feature the exhibitor's requests row. */
function MyIndexPage() {
  return <MyIndex requestRows={(meetingId) => <ExhibitorRequests meetingId={meetingId} variant="menu" />} />;
}

export { MyIndexPage as Component };
