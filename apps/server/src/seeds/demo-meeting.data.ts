import type { MeetingConfig, MeetingExhibition } from '@app/contracts';
import { allLanguages } from '@app/domain';

/** Fixed id of the demo meeting ("demo" in hex, then 2019), so links in the README keep working. */
export const demoMeetingId = '64656d6f0000000000002019';

export const demoMeeting = {
  title: {
    en: 'Chaos Communication Camp 2019',
    zh: '2019 混沌通信营',
    ja: 'カオス・コミュニケーション・キャンプ 2019',
    ko: '카오스 커뮤니케이션 캠프 2019',
    de: 'Chaos Communication Camp 2019',
    ar: 'مخيم الفوضى للاتصالات 2019',
  },
  description: {
    en: 'An international, five-day open-air event for hackers and associated life-forms. The camp provides a relaxed atmosphere for free exchange of technical, social, and political ideas.\n\nTalks, workshops and assemblies run across two big stages and dozens of villages on the grounds of a former brickworks north of Berlin.',
    zh: '面向黑客及相关生命形态的国际性五日露天活动。营地为技术、社会和政治思想的自由交流提供轻松的氛围。\n\n演讲、工作坊和集会分布在柏林以北一座旧砖厂园区的两座大型舞台和数十个村落中。',
    ja: 'ハッカーと関連する生命体のための、国際的な5日間の野外イベント。技術・社会・政治のアイデアを自由に交換できる、くつろいだ雰囲気を提供します。\n\nベルリン北部の旧レンガ工場の敷地で、2つの大ステージと多数のヴィレッジにわたってトーク、ワークショップ、アセンブリが行われます。',
    ko: '해커와 관련 생명체를 위한 5일간의 국제 야외 행사입니다. 기술, 사회, 정치적 아이디어를 자유롭게 나눌 수 있는 편안한 분위기를 제공합니다.\n\n베를린 북쪽의 옛 벽돌 공장 부지에서 두 개의 큰 무대와 수십 개의 빌리지에 걸쳐 강연, 워크숍, 어셈블리가 열립니다.',
    de: 'Eine internationale, fünftägige Open-Air-Veranstaltung für Hacker und assoziierte Lebensformen. Das Camp bietet eine entspannte Atmosphäre für den freien Austausch technischer, sozialer und politischer Ideen.\n\nVorträge, Workshops und Assemblies finden auf zwei großen Bühnen und in Dutzenden Villages auf dem Gelände einer ehemaligen Ziegelei nördlich von Berlin statt.',
    ar: 'فعالية دولية في الهواء الطلق تمتد خمسة أيام للمخترقين وأشكال الحياة المرتبطة بهم. يوفر المخيم أجواءً مريحة لتبادل الأفكار التقنية والاجتماعية والسياسية بحرية.\n\nتُقام المحاضرات وورش العمل والتجمعات على منصتين كبيرتين وفي عشرات القرى على أرض مصنع طوب سابق شمال برلين.',
  },
  venue: {
    en: 'Ziegeleipark Mildenberg, Zehdenick, Germany',
    zh: '德国 策德尼克 米尔登贝格砖厂公园',
    ja: 'ドイツ ツェーデニック ミルデンベルク煉瓦工場公園',
    ko: '독일 체데니크 밀덴베르크 벽돌공장 공원',
    de: 'Ziegeleipark Mildenberg, Zehdenick',
    ar: 'منتزه مصنع طوب ميلدنبرغ، تسيدنيك، ألمانيا',
  },
  domain: 'localhost',
  config: {
    language: Object.fromEntries(allLanguages.map((code) => [code, 1])),
    theme_color: '#0e7c6b',
    follow_theme_color: 1,
    main_button_color: '#0e7c6b',
    border_radius: 'round',
    block_mobile_layout: 'grid9',
    icp: '',
    wx_share_title: 'Chaos Communication Camp 2019',
    wx_share_desc: 'Five days of talks, workshops and villages north of Berlin.',
  } satisfies MeetingConfig,
  exhibition: { powerby: 'link', show_exhibitor: 1 } satisfies MeetingExhibition,
};

type Entry = { title: Record<string, string>; icon: string; link: string; weight: number };

/**
 * Home-page entries (navigation categories, §3 Navigation item): only routes that exist, each page
 * once (`/agenda` is the agenda schedule: no second 'Schedule' entry).
 */
export const demoNavigation: Entry[] = [
  {
    title: { en: 'Agenda', zh: '议程', ja: 'アジェンダ', ko: '일정', de: 'Programm', ar: 'جدول الأعمال' },
    icon: 'calendar-days',
    link: '/agenda',
    weight: 100,
  },
  {
    title: {
      en: 'Speakers',
      zh: '演讲嘉宾',
      ja: 'スピーカー',
      ko: '연사',
      de: 'Vortragende',
      ar: 'المتحدثون',
    },
    icon: 'mic',
    link: '/meeting/speaker/list',
    weight: 90,
  },
  {
    title: {
      en: 'Activities',
      zh: '活动报名',
      ja: 'アクティビティ',
      ko: '활동',
      de: 'Aktivitäten',
      ar: 'الفعاليات',
    },
    icon: 'ticket',
    link: '/meeting/activity/list',
    weight: 75,
  },
  {
    title: { en: 'News', zh: '新闻动态', ja: 'ニュース', ko: '뉴스', de: 'Neuigkeiten', ar: 'الأخبار' },
    icon: 'news',
    link: '/meeting/news',
    weight: 72,
  },
  {
    title: { en: 'About', zh: '关于', ja: '概要', ko: '소개', de: 'Über', ar: 'حول' },
    icon: 'info',
    link: '/meeting/home?anchor=intro',
    weight: 70,
  },
  {
    title: { en: 'Website', zh: '官网', ja: 'ウェブサイト', ko: '웹사이트', de: 'Website', ar: 'الموقع' },
    icon: 'globe',
    link: 'https://events.ccc.de/camp/2019/',
    weight: 60,
  },
];

/** Home-page blocks of the released version 1, heaviest first. */
export const demoBlocks = [
  {
    type: 'intro',
    title: {
      en: 'About the camp',
      zh: '关于营地',
      ja: 'キャンプについて',
      ko: '캠프 소개',
      de: 'Über das Camp',
      ar: 'عن المخيم',
    },
    useDescription: true,
    weight: 90,
    data: { anchor: 'intro' },
  },
  // Entries first, as event apps put them right under the cover.
  { type: 'navigation', title: '', useDescription: false, weight: 100, data: {} },
  {
    type: 'agenda',
    title: {
      en: 'Programme highlights',
      zh: '精彩议程',
      ja: '注目のプログラム',
      ko: '주요 프로그램',
      de: 'Programm-Highlights',
      ar: 'أبرز فقرات البرنامج',
    },
    useDescription: false,
    weight: 80,
    data: { limit: 5 },
  },
  {
    type: 'speakers',
    title: {
      en: 'Speakers',
      zh: '演讲嘉宾',
      ja: 'スピーカー',
      ko: '연사',
      de: 'Vortragende',
      ar: 'المتحدثون',
    },
    useDescription: false,
    weight: 70,
    data: { limit: 8 },
  },
] as const;
