import type { NotificationItem } from '@app/contracts';
import type { TFunction } from 'i18next';

/** The catalogue key of each kind's sentence (`text.*`); a review picks approved or rejected. */
export function notificationTextKey(item: Pick<NotificationItem, 'kind' | 'values'>) {
  switch (item.kind) {
    case 'friend.application':
      return 'text.friendApplication';
    case 'friend.accepted':
      return 'text.friendAccepted';
    case 'appointment.request':
      return item.values.event === 'retracted' ? 'text.appointmentRetracted' : 'text.appointmentRequest';
    case 'appointment.answer':
      return item.values.event === 'accepted'
        ? 'text.appointmentAccepted'
        : item.values.event === 'cancelled'
          ? 'text.appointmentCancelled'
          : 'text.appointmentIgnored';
    case 'registration.review':
      return item.values.result === 'rejected' ? 'text.registrationRejected' : 'text.registrationApproved';
    case 'question.answer':
      return 'text.questionAnswer';
    case 'speaker.invitation':
      return 'text.speakerInvitation';
    case 'live.reminder':
      return 'text.liveReminder';
  }
}

/** A notice's sentence in the reader's language, filled with its values (names, titles). */
export function notificationText(item: NotificationItem, t: TFunction<'notifications'>): string {
  const values = { name: '', enterprise: '', activity: '', meeting: '', live: '', ...item.values };
  return t(notificationTextKey(item), values);
}

/** The catalogue key of each kind's name (`kinds.*`). */
export const kindLabelKeys = {
  'friend.application': 'kinds.friend_application',
  'friend.accepted': 'kinds.friend_accepted',
  'appointment.request': 'kinds.appointment_request',
  'appointment.answer': 'kinds.appointment_answer',
  'registration.review': 'kinds.registration_review',
  'question.answer': 'kinds.question_answer',
  'speaker.invitation': 'kinds.speaker_invitation',
  'live.reminder': 'kinds.live_reminder',
} as const;
