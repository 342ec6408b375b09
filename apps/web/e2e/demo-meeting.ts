import type { Meeting } from '@app/contracts';
import { signApikey } from '@app/contracts/wire/apikey.ts';

/** The demo meeting's fixed id (apps/server/src/seeds/demo-meeting.data.ts). */
export const demoMeetingId = '64656d6f0000000000002019';

/** The server's default Apikey salt (the test server runs with it). */
const apikeySalt = 'meeting-platform-apikey-salt-v1';

/**
 * The demo meeting as the server has it (`GET /demand/meetings` by `_id`, signed like the app signs
 * it). The seed moves the demo programme into the coming weeks (demo-dates.ts), so tests read its
 * days here — `days[1].date` is the second programme day, 'YYYY-MM-DD' in the meeting's zone —
 * instead of writing dates down.
 */
export async function fetchDemoMeeting(serverUrl: string): Promise<Meeting> {
  const path = `/api/demand/meetings?query=${encodeURIComponent(JSON.stringify({ _id: demoMeetingId }))}&limit=1`;
  const deviceId = 'e2e-demo-meeting-reader';
  const response = await fetch(`${serverUrl}${path}`, {
    headers: {
      'device-id': deviceId,
      apikey: signApikey({
        salt: apikeySalt,
        method: 'GET',
        pathWithQuery: path,
        timestamp: Math.floor(Date.now() / 1000),
        deviceId,
      }),
    },
  });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  const { results } = (await response.json()) as { results: Meeting[] };
  const meeting = results[0];
  if (!meeting) throw new Error('the demo meeting is not there');
  return meeting;
}
