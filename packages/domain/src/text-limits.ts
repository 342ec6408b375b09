/**
 * The longest text each kind of field accepts, in characters (UTF-16 code units, as zod's `.max()`
 * and the browser's `maxLength` count them). The one place these numbers live: the request contracts
 * (@app/contracts, which re-exports this object), the registration form rules below them and the web
 * forms (`maxLength`, counters) all read them from here.
 *
 * Where §5 / §9 name a limit it is used as named there: answers and descriptions at most 500
 * characters, a demand title at least 5. The others follow the standard of their kind (e-mail:
 * RFC 5321; phone: ITU-T E.164) or a sensible size for what the field holds.
 */
export const textLimits = {
  /** A person's or a group's name: username, registrant name, liaison, contact name. */
  name: 64,
  /** A title: product or enterprise title, job title, company, address line. */
  title: 200,
  /** §5, §9: an answer (registration form answer, the reason that answers a meeting request) — 500. */
  answer: 500,
  /** §5, §9: a description (product, enterprise, a meeting request's matter) — 500. */
  description: 500,
  /** Other free text (the message of an application to exhibit). */
  freeText: 2_000,
  /** §5, §9: the shortest demand title. */
  demandTitleMin: 5,
  /** An e-mail address: RFC 5321's 256-octet path less its angle brackets. */
  email: 254,
  /** A phone as typed: E.164 allows 15 digits; '+', spaces and dashes bring it to 32 at most. */
  phone: 32,
  /** A calling code as typed: ITU-T E.164 codes have 1 to 3 digits, with '+' or '00' in front. */
  areaCode: 6,
  /** A URL (an upload's address or an http(s) link): the practical limit of browsers and CDNs. */
  url: 2_048,
  /** A host name (RFC 1035). */
  hostname: 253,
  /** A short label: a booth number, an area of the pavilion. */
  label: 100,
  /** A search keyword. */
  keyword: 100,
  /** A verification code as typed (6 digits, full-width allowed, spaces around). */
  code: 12,
  /** An exhibitor account's login name. */
  account: 100,
  /** A password. */
  password: 200,
  /** A language code (BCP 47 tag such as 'zh-Hant-TW'). */
  languageCode: 16,
  /** An IANA time-zone name ('America/Argentina/ComodRivadavia' is 32). */
  timeZone: 64,
  /** A client-made identifier: a device id, a source id, a question or option id, a scan key. */
  id: 64,
  /** An opaque token, signature or provider code (OAuth `code` / `state`, a login ticket). */
  token: 256,
  /** A file name as the client gives it (the usual file-system limit). */
  fileName: 255,
  /** A MIME type (RFC 6838: 127 for the type and 127 for the subtype). */
  mimeType: 255,
} as const;

export type TextLimit = keyof typeof textLimits;
