import { z } from 'zod';

/**
 * Error body of every failed call: `{ code, message }` (DESIGN §3). `code` is the spec's numeric code
 * where §8 names one (4029, 4340, 12000 …) and a stable string key otherwise; `details` optionally
 * lists the offending fields, with `max` (characters) on a text longer than its limit (textLimits).
 */
export const ErrorBody = z.object({
  code: z.union([z.string(), z.number()]),
  message: z.string(),
  details: z
    .array(z.object({ path: z.string(), message: z.string(), max: z.number().int().optional() }))
    .optional(),
  /** Extra answer data, e.g. the WeChat 4260 hand-back (§8). */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Stable error codes used across the API (string keys; numeric §8 codes arrive with their issues). */
export const ErrorCode = {
  /**
   * 400 input that fails its contract. The message and `details` name each field (`body/username`);
   * a text over its limit (textLimits, §5) reads 'at most 64 characters' with `max` in its detail.
   */
  validation: 'validation_failed',
  invalidObjectId: 'invalid_object_id',
  invalidQuery: 'invalid_query',
  limitTooLarge: 'limit_too_large',
  apikeyMissing: 'apikey_missing',
  apikeyInvalid: 'apikey_invalid',
  apikeyExpired: 'apikey_expired',
  notFound: 'not_found',
  /** 400 an API path that is not canonical (`//api`, `/%61pi`, `/API`, dot segments) or holds a NUL (§7). */
  invalidPath: 'invalid_path',
  /**
   * 400 input the server cannot store or read safely: a NUL byte or lone surrogate in a text, a
   * `__proto__` / `constructor` / `prototype` key, nesting deeper than 10, a value out of range (§9).
   */
  invalidInput: 'invalid_input',
  /** 413 a body over the 1 MiB limit (§9). */
  bodyTooLarge: 'body_too_large',
  /** 413 an uploaded XLSX that really inflates past its limit or holds too many entries (zip bomb, §9). */
  fileUnpacksTooLarge: 'file.unpacks_too_large',
  /** 403: the Authorization token is unknown, expired, revoked or for another meeting (§8). */
  tokenInvalid: 'token.invalid',
  /** 401: the call needs a logged-in user and none is given. */
  loginRequired: 'login.required',
  /** 403 on an object the user may not touch (§6 'the current user has no permission'). */
  noPermission: 'no_permission',
  /** 409 console: a grant change would leave the meeting without an owner. */
  teamLastOwner: 'team.last_owner',
  /**
   * 409 console: the record was saved by someone else since it was read (optimistic `updated_at`):
   * 'changed by someone else, reload'.
   */
  staleWrite: 'conflict.stale',
  /** 409 console: a unique field (a meeting's domain) is already used; `details` names the field. */
  alreadyUsed: 'conflict.already_used',
  /** 409 console: a meeting with registrations is deleted only after it is archived. */
  meetingNotArchived: 'meeting.not_archived',
  /** 429 'Do not operate frequently!' with Retry-After (§8). */
  tooFrequent: 'too_frequent',
  /** 400 'Invalid Code' (§8): wrong, expired, used, other purpose or address, or dead after 5 tries. */
  codeInvalid: 'code.invalid',
  /** 502 'Sending code failed' (§8). */
  codeSendFailed: 'code.send_failed',
  /** 400 invalid phone number for its region. */
  phoneInvalid: 'phone.invalid',
  emailInvalid: 'email.invalid',
  /** 409 the phone or e-mail already belongs to another user (§5). */
  phoneTaken: 'phone.taken',
  emailTaken: 'email.taken',
  /** 401 'Incorrect account or password' (§8). */
  accountOrPasswordIncorrect: 'account.password_incorrect',
  /** 401 'Login invalid' (§8): stale or forged /tokens/phone/v2 signature, failed third-party login. */
  loginInvalid: 'login.invalid',
  /** 403 the account is disabled. */
  accountDisabled: 'account.disabled',
  /** WeChat login hand-back (§8 4260): the identity needs a phone bound before a session is given. */
  wechatBindRequired: 4260,
  /** 400 'upload failed' cases: bad token, wrong type, too large, too many pixels. */
  uploadTokenInvalid: 'upload.token_invalid',
  uploadTypeRejected: 'upload.type_rejected',
  uploadTooLarge: 'upload.too_large',
  /** 404 the login provider is not configured on this server. */
  providerNotConfigured: 'provider.not_configured',
  unsupportedMediaType: 'unsupported_media_type',
  // Registration (§8 sign-up and group messages).
  /** 409 registration start is later than now (acknowledge-only dialog). */
  registrationNotStarted: 'registration.not_started',
  /** 409 'registration ended': the deadline has passed. */
  registrationClosed: 'registration.closed',
  /** 409 'Registration is full' (§8 signup.failed.max): ticket_total reached max. */
  registrationFull: 'signup.failed.max',
  /** 409 the activity does not take registrations here (entrance disabled, hidden, deleted). */
  registrationFailed: 'registration.failed',
  /** 409 'Please only sign up once.' */
  signUpOnce: 'ticket.sign_up_once',
  /** 409 'The ticket is sold out'. */
  ticketSoldOut: 'ticket.sold_out',
  /** 400 'invalid ticket type' / 'ticket deleted'. */
  priceInvalid: 'price.invalid',
  priceDeleted: 'price.deleted',
  /** 409 'registration channel invalid or full'. */
  sourceInvalid: 'source.invalid',
  /** 409 phone or e-mail already registered for this activity. */
  phoneRegistered: 'phone.registered',
  emailRegistered: 'email.registered',
  /** 400 not a valid mainland ID or HK/Macao/Taiwan residence permit; 409 already used here. */
  idNumberInvalid: 'id_number.invalid',
  idNumberExists: 'id_number.exists',
  /** 400 'Please fill out all required fields in the form.' (details: 'This is a required field'). */
  formRequired: 'form.required',
  /** 400 an answer names an option that does not exist or is disabled (§5 linked activities). */
  optionInvalid: 'option.invalid',
  /** 409 resubmission not allowed / submit after deadline (acknowledge-only dialogs). */
  resubmitNotAllowed: 'registration.resubmit_not_allowed',
  deadlinePassed: 'registration.deadline_passed',
  /** 400 paid ticket types cannot be checked out yet. */
  paymentUnavailable: 'payment.unavailable',
  /** 409 §8 4029: insufficient remaining quantity of an unpaid ticket type (group batches). */
  insufficientQuantity: 4029,
  /** 409 §8 4340: ticket info updated, select again. */
  priceUpdated: 4340,
  /** Group (agent) registration (§8 group messages). */
  agentNotEnabled: 'agent.not_enabled',
  agentInfoRequired: 'agent.info_required',
  agentLimitExceeded: 'agent.limit_exceeded',
  agentPriceLimit: 'agent.price_limit',
  agentDuplicatePhone: 'agent.duplicate_phone',
  agentDuplicateEmail: 'agent.duplicate_email',
  agentDuplicateIdNumber: 'agent.duplicate_id_number',
  /** 409 check-in of a ticket under review or rejected. */
  checkinNotApproved: 'checkin.not_approved',
  /** 409 review of a ticket that is not under review. */
  ticketNotReviewable: 'ticket.not_reviewable',
  /**
   * 403 a private activity (§6 'Private events … need registration or permission') without an
   * invitation: neither a valid invitation code nor the caller's phone or e-mail on its invite list.
   */
  invitationRequired: 'activity.invitation_required',
  /** 403 an invitation code that is forged, for another activity, or expired (§8 'The temporary link has expired'). */
  invitationInvalid: 'activity.invitation_invalid',
  // Appointments and schedules (§5 Appointment, §8 meeting time conflict / accept failed / already booked).
  /** 400 'Please choose a date first'. */
  appointmentDateRequired: 'appointment.date_required',
  /** 400 a start or end time is missing or malformed. */
  appointmentTimeRequired: 'appointment.time_required',
  appointmentTimeZoneInvalid: 'appointment.time_zone_invalid',
  /** 400 the wall time is skipped by a daylight-saving change in the chosen zone. */
  appointmentTimeNonexistent: 'appointment.time_nonexistent',
  /** 400 'The time must be after now'. */
  appointmentStartPast: 'appointment.start_past',
  /** 400 'The start and end time cannot be the same'. */
  appointmentSameTime: 'appointment.same_time',
  appointmentEndBeforeStart: 'appointment.end_before_start',
  /** 400 'Please describe the matter'. */
  appointmentMatterRequired: 'appointment.matter_required',
  /** 400 an exhibitor cannot book their own enterprise. */
  appointmentOwnEnterprise: 'appointment.own_enterprise',
  /** 403 only registered participants book (§6). */
  appointmentParticipantRequired: 'appointment.participant_required',
  /** 409 §8 'meeting time conflict': the caller has another appointment then (force=1 books anyway). */
  appointmentTimeConflict: 'appointment.time_conflict',
  /** 409 §8 'already booked': the slot or the exhibitor's time is taken. */
  appointmentAlreadyBooked: 'appointment.already_booked',
  /** 409 §8 'accept failed': the action does not apply any more (answered, withdrawn or ended). */
  appointmentAcceptFailed: 'appointment.accept_failed',
  /** 409 a new slot overlaps one the exhibitor already published. */
  scheduleOverlap: 'schedule.overlap',
  /** 409 a slot held by a live request cannot be withdrawn. */
  scheduleBooked: 'schedule.booked',
  // Orders and payment (§4 Order, §8 'Payment failed', commerce design).
  /** 404 an order that is not the caller's (nor named by its pay token). */
  orderNotFound: 'order.not_found',
  /** 409 the order is no longer pending (paid, expired or cancelled). */
  orderNotPending: 'order.not_pending',
  /** 409 the order's payment window has passed. */
  orderExpired: 'order.expired',
  /** 400 no coupon of this code in the meeting. */
  couponInvalid: 'coupon.invalid',
  /** 409 the coupon is not valid now (not started, ended, disabled). */
  couponExpired: 'coupon.expired',
  /** 409 the coupon's total or per-user limit is reached. */
  couponLimit: 'coupon.limit',
  /** 409 the coupon does not cover this activity or ticket type. */
  couponNotApplicable: 'coupon.not_applicable',
  /** 400 the channel is not offered by the meeting's payment provider here. */
  paymentChannelUnavailable: 'payment.channel_unavailable',
  /** 409 'Payment failed' (§8): the provider refused to start or complete the payment. */
  paymentFailed: 'payment.failed',
  /** 409 the meeting's payment provider has no readable, complete credentials (console settings). */
  paymentNotConfigured: 'payment.not_configured',
  /** 409 a refund larger than what was paid and not yet refunded. */
  refundExceedsPaid: 'refund.exceeds_paid',
  /** 409 a refund of an order with nothing paid. */
  refundNotPaid: 'refund.not_paid',
  /** 400 a payment notification whose signature, body or amount does not verify. */
  notificationInvalid: 'notification.invalid',
  // Community and moderation (§5 sensitive content, §6, §8 'post failed').
  /**
   * 400 a text refused by moderation (§5): `data.category` is one of the ten §5 categories (spam, ad,
   * politics, terrorism, abuse, porn, flood, contraband, meaningless, harmful); nothing is stored.
   */
  contentSensitive: 'content.sensitive',
  /** 403 the organiser has blocked this user from posting in the meeting. */
  moderationBanned: 'moderation.banned',
  /** 403 posting or commenting needs participant registration in the meeting (§6, /demand/meetings/authorization). */
  participantRequired: 'participant.required',
  /** 409 the item does not accept this any more (a closed or blocked demand, a closed inquiry). */
  itemClosed: 'item.closed',
  /** 409 the same user already reported this item. */
  alreadyReported: 'report.duplicate',
  /** 400 'Inquiry amount must be a valid number' (§5): a price inquiry's amount that is not a number. */
  inquiryAmountInvalid: 'inquiry.amount_invalid',
  // People and votes (§4 Connection application, §6, §8 votes).
  /** 409 §8 12003 'Voting has ended': the vote's deadline has passed (or it has not started). */
  voteEnded: 12003,
  /** 409 §8 12000 'Your votes have been used up': the count exceeds the per-person remainder. */
  votesUsedUp: 12000,
  /** 409 §8 12001 'You have used up your votes today': the count exceeds today's remainder (meeting zone). */
  votesUsedUpToday: 12001,
  /** 409 the vote does not allow withdrawing a vote. */
  voteWithdrawNotAllowed: 'vote.withdraw_not_allowed',
  /** 400 a friend application or card exchange with oneself. */
  friendSelf: 'friend.self',
  /** 409 already connected, or an application to this person is already pending. */
  friendAlready: 'friend.already',
  /** 403 §6 a user with a special identity cannot exchange cards (either side). */
  cardSpecialIdentity: 'card.special_identity',
  /** 403 the scanned person does not allow card exchange (their setting); an application is still possible. */
  cardExchangeDisabled: 'card.exchange_disabled',
  /** 400 §8 'Invalid QR code information': a personal QR that is forged or for another meeting. */
  cardInvalid: 'card.invalid',
  /** 409 the friend application was already answered or cancelled (no longer pending). */
  friendApplicationClosed: 'friend.application_closed',
  /** 410 §8 'The temporary link has expired': a speaker invitation link that expired or was revoked. */
  speakerInvitationExpired: 'speaker_invitation.expired',
  /** 409 the speaker invitation was already answered. */
  speakerInvitationAnswered: 'speaker_invitation.answered',
  // WeChat, mini-program and single sign-on (§7 WeChat, §8).
  /** 410 §8 'QR code has expired': a desktop sign-in QR code past its life (or the WeChat scan came too late). */
  wechatQrExpired: 'wechat.qr_expired',
  /** 400 §8 'Invalid QR code information': an unknown, already used, foreign or forged sign-in QR code. */
  wechatQrInvalid: 'wechat.qr_invalid',
  /** 403 §8 'The official account is not authorized': the meeting uses the third-party platform and no account has authorised it. */
  wechatNotAuthorized: 'wechat.not_authorized',
  /** 409 WeChat is not set up for this meeting (no official account or mini-program credentials). */
  wechatNotConfigured: 'wechat.not_configured',
  /** 502 WeChat answered with an error or could not be reached ('Request failed'); nothing was stored. */
  wechatUnavailable: 'wechat.unavailable',
  /** 400 a page address the JS-SDK may not be signed for: not on this site's origin or the meeting's domain. */
  wechatUrlNotAllowed: 'wechat.url_not_allowed',
  /** 401 a WeChat message push whose signature, age or encryption does not verify (nothing changed). */
  wechatPushInvalid: 'wechat.push_invalid',
  /** 403 the login method is switched off for this meeting (console login methods). */
  loginMethodDisabled: 'login.method_disabled',
  /** 403 the meeting's copilot is switched off (§3 exhibition.enable_copilot). */
  copilotDisabled: 'copilot.disabled',
  /** 400 a copilot question longer than its limit (1000 characters; `details` names the limit). */
  copilotTooLong: 'copilot.too_long',
  /** SSE notice (not an HTTP error): the AI provider failed, the built-in assistant answers (§1 copilot). */
  copilotProviderUnavailable: 'copilot.provider_unavailable',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
