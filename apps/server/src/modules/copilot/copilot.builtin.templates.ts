/**
 * The built-in assistant's templates (§1 copilot: it answers from the meeting's own data when no
 * model is configured, the model fails or the day's tokens are spent): what a question asks
 * (intents, by cue words in Chinese and English), which words carry no content, a small glossary
 * from Chinese conference words to the English the programme is written in, and the answer wording
 * in Chinese and English (every other language gets the English wording).
 */

/** What a question asks for; `search` is a plain lookup in the meeting's data. */
export type BuiltinIntent =
  | 'slots'
  | 'ticket'
  | 'invoice'
  | 'register'
  | 'contact'
  | 'dates'
  | 'venue'
  | 'speaker'
  | 'exhibitor'
  | 'session'
  | 'search';

type Cue = { intent: BuiltinIntent; pattern: RegExp };

/**
 * Cue words per intent, most specific first: the first that matches decides. Latin cues match whole
 * words of the lower-cased question; Chinese cues anywhere.
 */
const cues: Cue[] = [
  {
    intent: 'slots',
    pattern:
      /\b(slots?|appointments?|book(ing)?|free time|available times?|meet(ing)? with)\b|洽谈|预约|时段|空闲|约见|见面/u,
  },
  { intent: 'invoice', pattern: /\b(invoices?|receipts?|fapiao|vat)\b|发票|收据|开票/u },
  { intent: 'ticket', pattern: /\b(tickets?|wristbands?|e-?tickets?)\b|门票|票在|电子票|入场券|我的票/u },
  {
    intent: 'register',
    pattern: /\b(register|registration|sign(ing)? ?up|enrol+|join)\b|报名|注册|登记|参加/u,
  },
  {
    intent: 'contact',
    pattern:
      /\b(contact|organi[sz]ers?|orga|write to|e-?mail|phone number|hotline)\b|联系|主办方|组织者|客服|电话/u,
  },
  {
    intent: 'dates',
    pattern:
      /\b(dates?|which days|how long)\b|\bwhen (does|is|will) (the )?(camp|event|meeting|conference|fair|expo)\b|哪几天|几号到|日期|什么时候举办|会期|哪天开始/u,
  },
  {
    intent: 'venue',
    pattern:
      /\b(venue|address|location|directions?)\b|\bwhere (is|does) (the )?(camp|event|meeting|conference|fair|expo)\b|在哪里举办|在哪举办|地点|地址|会场|场地/u,
  },
  {
    intent: 'speaker',
    pattern: /\bwho\b|\bspeakers?\b|\bpresent(s|er|ing)?\b|\btalking about\b|谁|嘉宾|讲者|讲什么|主讲/u,
  },
  {
    intent: 'exhibitor',
    pattern:
      /\b(exhibitors?|exhibits?|compan(y|ies)|booths?|vendors?|suppliers?|makes?|sells?|manufactur\w*)\b|展商|展位|企业|公司|厂商|供应商|哪家/u,
  },
  {
    intent: 'session',
    pattern:
      /\b(when|what time|where|which room|schedule[sd]?|talks?|sessions?|lectures?|workshops?)\b|几点|什么时候|什么时间|时间|哪个厅|在哪|议程|演讲|讲座|举行/u,
  },
];

/** The intent of a question (its first matching cue), `search` when none matches. */
export function intentOf(question: string): BuiltinIntent {
  const text = question.toLowerCase();
  return cues.find((cue) => cue.pattern.test(text))?.intent ?? 'search';
}

/** Item types an intent prefers: their matches count this many times more. */
export const intentTypeBoost: Record<BuiltinIntent, Partial<Record<string, number>>> = {
  slots: { exhibitor: 3 },
  ticket: { faq: 3 },
  invoice: { faq: 3 },
  register: { activity: 3 },
  contact: { page: 3, faq: 2 },
  dates: { page: 3 },
  venue: { page: 3 },
  speaker: { speaker: 1.6, agenda: 1.4 },
  exhibitor: { exhibitor: 1.8, product: 1.3 },
  session: { agenda: 1.8, activity: 1.2 },
  search: {},
};

/** Words that carry no content in a question (question words, fillers, the cue words themselves). */
export const stopWords = new Set(
  [
    // English
    'a an the of on in at to for from by with and or is are was be been do does did can could will would',
    'should may i me my we our you your it its this that these those there here any some anything',
    'what whats which who whom whose when where why how much many time times day days start starts begin',
    'begins happen happens take place held see find get give gives given tell show please want like need',
    'looking look know about talk talks talking session sessions speak speaks speaker speakers present',
    'presents presenting lecture exhibitor exhibitors exhibit exhibits company companies vendor vendors',
    'supplier suppliers make makes made sell sells booth booths room which hall scheduled schedule',
    'slot slots free appointment appointments book booking meet meeting available have has',
    'register registration sign signing up join enrol enroll ticket tickets invoice invoices receipt',
    'contact organiser organisers organizer organizers write email phone number dates date venue address',
    'location camp event conference fair expo also there is interested something thing things someone',
    'visit should go open opens year years today tomorrow tonight yesterday week month',
    // Chinese
    '的 了 是 在 有 吗 呢 吧 啊 和 与 及 我 我们 你 你们 他 她 它 谁 什么 哪 哪个 哪些 哪里 哪儿 哪家',
    '怎么 怎样 如何 为什么 多少 几 几点 几号 时候 时间 什么时候 什么时间 开始 结束 举办 举行 进行 一个',
    '个 请 想 要 能 可以 需要 关于 有关 讲 讲什么 演讲 议程 讲座 嘉宾 主讲 展商 展位 企业 公司 厂商',
    '做 生产 卖 提供 报名 注册 参加 门票 票 发票 联系 主办方 组织者 会议 大会 活动 营地 地点 地址',
    '场地 日期 会期 哪几天 号 天 上 下 里 中 吗 呀 这 那 这个 那个 还 都 也 就 被 把 给 让 对 从 到',
    '空闲 洽谈 时段 预约 见面 约见 查看 在哪 厅 场 次 位 今天 明天 今年 明年',
  ]
    .join(' ')
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Chinese conference and technology words → the English the programme and most data are written in
 * (a Chinese question about an English-only programme still finds it). General vocabulary only.
 */
export const glossary: Record<string, string> = {
  开幕式: 'opening ceremony',
  闭幕式: 'closing ceremony',
  闪电演讲: 'lightning talks',
  工作坊: 'workshop',
  蓝牙: 'bluetooth',
  开锁: 'lockpicking',
  人脸识别: 'face recognition',
  数据集: 'datasets',
  容器: 'containers',
  混合网络: 'mix networks',
  起搏器: 'pacemakers',
  心脏起搏器: 'pacemakers',
  无人机: 'drone',
  隐私: 'privacy',
  手机: 'mobile phone',
  徽章: 'badge',
  混淆: 'obfuscator',
  安全: 'security',
  网络: 'network',
  硬件: 'hardware',
  黑客: 'hacking',
  加密: 'encryption',
  监控: 'surveillance',
  气候: 'climate',
  区块链: 'blockchain',
  开源: 'open source',
  游戏: 'games',
  物联网: 'iot',
  卫星: 'satellite',
  无线电: 'radio',
  局限: 'limits',
  设备: 'devices',
  志愿者: 'volunteer',
  天使: 'angel',
  饮水: 'water',
  高温: 'heat',
  入场: 'gates',
  无线网络: 'wifi',
  无线网: 'wifi',
};

/** The wording of one language (zh, or en for every other language). */
export type Wording = {
  intro: (count: number) => string;
  session: (title: string, when: string, room: string, speakers: string) => string;
  speaker: (name: string, sessions: string) => string;
  exhibitor: (title: string, booth: string) => string;
  product: (title: string, maker: string) => string;
  news: (title: string, summary: string) => string;
  faq: (question: string, answer: string) => string;
  activity: (title: string, when: string, address: string) => string;
  activityHowTo: string;
  activityList: string;
  page: (title: string) => string;
  slotsOf: (exhibitor: string, slots: string) => string;
  noSlots: (exhibitor: string) => string;
  slotHowTo: string;
  ticket: string;
  invoice: string;
  dates: (title: string, dates: string, venue: string) => string;
  contact: (contact: string) => string;
  contactPage: string;
  cannot: (contact: string) => string;
  separator: string;
};

const en: Wording = {
  intro: (count) =>
    count === 1 ? "From the meeting's own data:" : `From the meeting's own data, ${count} matches:`,
  session: (title, when, room, speakers) =>
    `"${title}": ${when}${room ? `, ${room}` : ''}${speakers ? `; speakers: ${speakers}` : ''}.`,
  speaker: (name, sessions) => `${name}${sessions ? ` speaks in: ${sessions}` : ''}.`,
  exhibitor: (title, booth) => `${title}${booth ? `, booth ${booth}` : ''}.`,
  product: (title, maker) => `${title}${maker ? ` — by ${maker}` : ''}.`,
  news: (title, summary) => `News "${title}"${summary ? `: ${summary}` : ''}.`,
  faq: (_question, answer) => answer,
  activity: (title, when, address) => `"${title}": ${when}${address ? `, ${address}` : ''}.`,
  activityHowTo: "Register on the activity's page (open the card); the organiser confirms there.",
  activityList: 'Activities taking registrations:',
  page: (title) => `See the page "${title}".`,
  slotsOf: (exhibitor, slots) => `Free appointment slots with ${exhibitor}: ${slots}.`,
  noSlots: (exhibitor) => `${exhibitor} has no free appointment slot published right now.`,
  slotHowTo: 'Open a slot card to request it on the appointment page — I book nothing myself.',
  ticket:
    'After you register, your ticket (with its QR code) is under My > Tickets; show it at the entrance.',
  invoice: 'Invoices are requested and found under My > Invoices, from the paid order.',
  dates: (title, dates, venue) => `${title}: ${dates}${venue ? `, ${venue}` : ''}.`,
  contact: (contact) => `The organiser's contact: ${contact}.`,
  contactPage: "the meeting's Contact page",
  cannot: (contact) =>
    `I can't answer that here: I only know this meeting's own data. Please ask the organiser: ${contact}.`,
  separator: '\n',
};

const zh: Wording = {
  intro: (count) => (count === 1 ? '根据本次会议的资料：' : `根据本次会议的资料，找到 ${count} 项：`),
  session: (title, when, room, speakers) =>
    `《${title}》：${when}${room ? `，${room}` : ''}${speakers ? `；讲者：${speakers}` : ''}。`,
  speaker: (name, sessions) => `${name}${sessions ? ` 的议程：${sessions}` : ''}。`,
  exhibitor: (title, booth) => `${title}${booth ? `，展位 ${booth}` : ''}。`,
  product: (title, maker) => `${title}${maker ? `，来自 ${maker}` : ''}。`,
  news: (title, summary) => `新闻《${title}》${summary ? `：${summary}` : ''}。`,
  faq: (_question, answer) => answer,
  activity: (title, when, address) => `《${title}》：${when}${address ? `，${address}` : ''}。`,
  activityHowTo: '请打开活动卡片，在活动页面报名；主办方会在那里确认。',
  activityList: '正在报名的活动：',
  page: (title) => `请查看页面《${title}》。`,
  slotsOf: (exhibitor, slots) => `${exhibitor} 的空闲洽谈时段：${slots}。`,
  noSlots: (exhibitor) => `${exhibitor} 目前没有发布空闲的洽谈时段。`,
  slotHowTo: '打开时段卡片即可在预约页面申请；我不会替你预约。',
  ticket: '报名成功后，门票（含二维码）在「我的 > 门票」中，入场时出示即可。',
  invoice: '发票请在「我的 > 发票」中针对已支付的订单申请和查看。',
  dates: (title, dates, venue) => `${title}：${dates}${venue ? `，${venue}` : ''}。`,
  contact: (contact) => `主办方联系方式：${contact}。`,
  contactPage: '会议的「联系我们」页面',
  cannot: (contact) => `这个问题我在这里无法回答：我只了解本次会议自己的资料。请联系主办方：${contact}。`,
  separator: '\n',
};

/** The wording for a language: Chinese for zh (any script variant), English otherwise. */
export function wordingOf(language: string): Wording {
  return language.toLowerCase().startsWith('zh') ? zh : en;
}
