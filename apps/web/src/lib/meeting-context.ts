import type { Meeting } from '@app/contracts';
import { type Language, localize } from '@app/domain';
import { createContext, useContext } from 'react';

/** The resolved current meeting (§2), provided by the app's meeting guard to every screen. */
export const MeetingContext = createContext<Meeting | null>(null);

export function useMeeting(): Meeting {
  const meeting = useContext(MeetingContext);
  if (!meeting) throw new Error('useMeeting outside a meeting route');
  return meeting;
}

/** The meeting when inside a meeting route, else null (the /404 and /204 pages). */
export function useOptionalMeeting(): Meeting | null {
  return useContext(MeetingContext);
}

/** Plain id of a wire id object. */
export const idOf = (value: { $id: string } | { _id: { $id: string } }): string =>
  '$id' in value ? value.$id : value._id.$id;

export function meetingTitle(meeting: Meeting, language: Language): string {
  return localize(meeting.title, language);
}
