import type { ConsoleMeeting, MeetingSettingsInput } from '@app/contracts';
import { defaultLanguages, isLanguage, type Language } from '@app/domain';
import { fromZonedInput, toZonedInput } from '../../../lib/zoned-input.ts';
import { asLanguageMap, compactMap } from './localized-input.tsx';

/** The settings form's values (§3 Meeting fields), as inputs hold them. */
export type SettingsDraft = {
  title: Record<string, string>;
  domain: string;
  start: string;
  end: string;
  timeZone: string;
  cover: string;
  limitsType: number;
  allowGuestView: number;
  appointments: number;
  languages: Language[];
  themeColor: string;
  followThemeColor: number;
  mainButtonColor: string;
  mainButtonTheme: string;
  borderRadius: '' | 'round';
  icp: string;
  blockMobileLayout: '' | 'grid9';
  wxShareTitle: string;
  wxShareDesc: string;
  wxShareCover: string;
  powerby: '' | 'hidden' | 'link';
  mailLogo: string;
  exhibitTxt: Record<string, string>;
  exhibitionTxt: Record<string, string>;
  exhibitorTxt: Record<string, string>;
  showExhibitor: number;
  invitationCover: string;
};

/** The languages a meeting enables (`config.language`), or the §5 defaults when it names none. */
export function enabledLanguages(language: Record<string, number> | undefined): Language[] {
  const enabled = Object.entries(language ?? {})
    .filter(([code, on]) => on === 1 && isLanguage(code))
    .map(([code]) => code as Language);
  return enabled.length > 0 ? enabled : [...defaultLanguages];
}

/** The form's values of a saved meeting. */
export function draftOf(meeting: ConsoleMeeting): SettingsDraft {
  const { config, exhibition } = meeting;
  return {
    title: asLanguageMap(meeting.title),
    domain: meeting.domain ?? '',
    start: toZonedInput(meeting.start, meeting.time_zone),
    end: toZonedInput(meeting.end, meeting.time_zone),
    timeZone: meeting.time_zone,
    cover: meeting.cover,
    limitsType: meeting.limits.type === 0 ? 0 : 1,
    allowGuestView: meeting.allow_guest_view,
    appointments: meeting.appointments === 0 ? 0 : 1,
    languages: enabledLanguages(config.language),
    themeColor: config.theme_color ?? '',
    followThemeColor: config.follow_theme_color === 1 ? 1 : 0,
    mainButtonColor: config.main_button_color ?? '',
    mainButtonTheme: config.main_button_theme ?? '',
    borderRadius: config.border_radius === 'round' ? 'round' : '',
    icp: config.icp ?? '',
    blockMobileLayout: config.block_mobile_layout === 'grid9' ? 'grid9' : '',
    wxShareTitle: config.wx_share_title ?? '',
    wxShareDesc: config.wx_share_desc ?? '',
    wxShareCover: config.wx_share_cover ?? '',
    powerby: exhibition.powerby === 'hidden' || exhibition.powerby === 'link' ? exhibition.powerby : '',
    mailLogo: exhibition.mail_logo ?? '',
    exhibitTxt: asLanguageMap(exhibition.exhibit_txt),
    exhibitionTxt: asLanguageMap(exhibition.exhibition_txt),
    exhibitorTxt: asLanguageMap(exhibition.exhibitor_txt),
    showExhibitor: exhibition.show_exhibitor === 0 ? 0 : 1,
    invitationCover: exhibition.invitation_cover ?? '',
  };
}

/** A language map without empty texts, or '' (cleared) when none is left: a form body has no `{}`. */
function mapOrEmpty(value: Record<string, string>): Record<string, string> | '' {
  const map = compactMap(value);
  return Object.keys(map).length > 0 ? map : '';
}

/** What a save sends: every field of the form (times read in the meeting's zone). */
export function inputOf(draft: SettingsDraft): MeetingSettingsInput {
  const start = fromZonedInput(draft.start, draft.timeZone);
  const end = fromZonedInput(draft.end, draft.timeZone);
  return {
    title: compactMap(draft.title),
    domain: draft.domain.trim(),
    ...(start !== null ? { start } : {}),
    ...(end !== null ? { end } : {}),
    time_zone: draft.timeZone,
    cover: draft.cover,
    limits: { type: draft.limitsType },
    allow_guest_view: draft.allowGuestView,
    appointments: draft.appointments,
    config: {
      language: Object.fromEntries(draft.languages.map((code) => [code, 1])),
      theme_color: draft.themeColor,
      follow_theme_color: draft.followThemeColor,
      main_button_color: draft.mainButtonColor,
      main_button_theme: draft.mainButtonTheme,
      border_radius: draft.borderRadius,
      icp: draft.icp,
      block_mobile_layout: draft.blockMobileLayout,
      wx_share_title: draft.wxShareTitle,
      wx_share_desc: draft.wxShareDesc,
      wx_share_cover: draft.wxShareCover,
    },
    exhibition: {
      powerby: draft.powerby,
      mail_logo: draft.mailLogo,
      exhibit_txt: mapOrEmpty(draft.exhibitTxt),
      exhibition_txt: mapOrEmpty(draft.exhibitionTxt),
      exhibitor_txt: mapOrEmpty(draft.exhibitorTxt),
      show_exhibitor: draft.showExhibitor,
      invitation_cover: draft.invitationCover,
    },
  };
}

/** Which form field a 400/409 answer names (`body/domain`, `config/theme_color` …), for its message. */
export type DraftField =
  | 'title'
  | 'domain'
  | 'start'
  | 'end'
  | 'timeZone'
  | 'themeColor'
  | 'mainButtonColor'
  | 'languages';

/** The field a server message (`<path>: <problem>`) is about, if the form has it. */
export function fieldOfMessage(message: string): DraftField | undefined {
  const path = message.split(':')[0]?.replace(/^body[/.]/, '') ?? '';
  const fields: Record<string, DraftField> = {
    title: 'title',
    domain: 'domain',
    start: 'start',
    end: 'end',
    time_zone: 'timeZone',
    'config/theme_color': 'themeColor',
    'config/main_button_color': 'mainButtonColor',
    'config/language': 'languages',
  };
  return fields[path];
}
