import type { Database } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { blocks } from '../modules/blocks/blocks.tables.ts';
import { categories } from '../modules/categories/categories.tables.ts';
import { pages } from '../modules/pages/pages.tables.ts';
import { sanitizeRichText } from '../modules/shared/rich-text.ts';

/**
 * The demo meeting's content pages (§2 /meeting/introduction, /meeting/branch, /meeting/contact,
 * /conference), in Chinese and English, as the camp's own pages would read: an introduction, the
 * branch venues (the villages and the partner hackerspace), a contact page and a conference page with
 * page sections (`page_section` categories) leading to the others. Their blocks belong to the released
 * version 1 like the home's, so the demo home renders exactly as before.
 */

/** Fixed ids, so tests and links can name them (hex of "page" then a counter). */
export const demoPageIds = {
  introduction: '706167650000000000000001',
  contact: '706167650000000000000002',
  branch: '706167650000000000000003',
  conference: '706167650000000000000004',
} as const;

const html = (text: { en: string; zh: string }) => ({
  en: sanitizeRichText(text.en),
  zh: sanitizeRichText(text.zh),
});

type DemoBlock = {
  type: string;
  title: Record<string, string> | string;
  content?: Record<string, string>;
  data?: Record<string, unknown>;
};

const link = (to: string, raw = 0) => ({
  link: to,
  mobile_link: '',
  raw,
  open_link_in_frame: 0,
  mobile_open_link_in_frame: 0,
});

const pageBlocks: Record<keyof typeof demoPageIds, DemoBlock[]> = {
  introduction: [
    {
      type: 'rich_text',
      title: { en: 'What the camp is', zh: '营地是什么' },
      content: html({
        en: '<p>The Chaos Communication Camp is an international, non-commercial open-air event for hackers and associated life-forms. For five days, thousands of people camp on a former brick-works north of Berlin and build a small town of <strong>villages</strong>, workshops and stages.</p><p>Everything is run by volunteers: the network, the power grid, the bars and the talks.</p>',
        zh: '<p>混沌通信营（Chaos Communication Camp）是面向黑客及其同好的国际性、非商业露天活动。五天里，数千人在柏林以北的一座旧砖厂露营，搭建起由<strong>村落</strong>、工作坊和舞台组成的小镇。</p><p>网络、电网、吧台和演讲全部由志愿者运营。</p>',
      }),
    },
    {
      type: 'rich_text',
      title: { en: 'What to bring', zh: '需要带什么' },
      content: html({
        en: '<ul><li>A tent, a sleeping bag and a torch</li><li>An extension cord (the camp grid has standard sockets)</li><li>Your own cup — the bars do not hand out disposable ones</li><li>Curiosity, and something to share with your village</li></ul>',
        zh: '<ul><li>帐篷、睡袋和手电筒</li><li>一根插线板（营地电网提供标准插座）</li><li>自带杯子——吧台不提供一次性杯</li><li>好奇心，以及可以和村落伙伴分享的东西</li></ul>',
      }),
    },
    {
      type: 'buttons',
      title: { en: 'Plan your visit', zh: '规划行程' },
      data: {
        items: [
          { ...link('/agenda'), title: { en: 'Programme', zh: '议程' } },
          { ...link('/meeting/activity/list'), title: { en: 'Register for activities', zh: '活动报名' } },
          { ...link('/meeting/branch'), title: { en: 'Villages and venues', zh: '村落与场地' } },
          { ...link('/meeting/contact'), title: { en: 'Contact the orga', zh: '联系主办方' } },
        ],
      },
    },
  ],
  branch: [
    {
      type: 'rich_text',
      title: { en: 'Main site: Ziegeleipark Mildenberg', zh: '主会场：米尔登贝格砖厂公园' },
      content: html({
        en: '<p>Ziegeleipark Mildenberg, 16792 Zehdenick, Germany — about an hour by train and shuttle bus from Berlin. Both stages, the workshop tents and most villages are here.</p>',
        zh: '<p>德国泽德尼克米尔登贝格砖厂公园（邮编 16792），从柏林乘火车和接驳巴士约一小时。两个主舞台、工作坊帐篷和大部分村落都在这里。</p>',
      }),
    },
    {
      type: 'rich_text',
      title: { en: 'Villages', zh: '村落' },
      content: html({
        en: '<p>Villages are self-organised camps of hackerspaces and communities. Each runs its own programme — soldering, lock-picking, radio, art — listed in the agenda under its name.</p><ul><li><strong>Hardware Hacking Area</strong> — next to the harbour</li><li><strong>Radio village</strong> — on the clay pit hill</li><li><strong>Family village</strong> — quiet zone by the lake</li></ul>',
        zh: '<p>村落是由各个黑客空间和社区自发组织的营区，各自举办硬件焊接、开锁、无线电、艺术等活动，均以村落名称列在议程中。</p><ul><li><strong>硬件黑客区</strong>——靠近码头</li><li><strong>无线电村</strong>——位于黏土坑山丘</li><li><strong>家庭村</strong>——湖边安静区域</li></ul>',
      }),
    },
    {
      type: 'buttons',
      title: '',
      data: {
        items: [
          {
            ...link('https://www.openstreetmap.org/?mlat=53.0284&mlon=13.3105#map=15/53.0284/13.3105', 1),
            title: { en: 'Open the map', zh: '打开地图' },
          },
        ],
      },
    },
  ],
  contact: [
    {
      type: 'intro',
      title: { en: 'We are here to help', zh: '我们随时为你提供帮助' },
      content: {
        en: 'The info desk at the main entrance is open day and night during the camp.\nFor questions before the camp, write to us — we answer within two working days.',
        zh: '营地期间，主入口的咨询台全天开放。\n营前如有问题，请写信给我们，我们会在两个工作日内回复。',
      },
    },
    {
      type: 'rich_text',
      title: { en: 'Addresses', zh: '联系方式' },
      content: html({
        en: '<p><strong>General questions:</strong> <a href="mailto:info@camp.example.org">info@camp.example.org</a><br><strong>Press:</strong> <a href="mailto:press@camp.example.org">press@camp.example.org</a><br><strong>Awareness team (24 h):</strong> +49 30 0000 0000</p>',
        zh: '<p><strong>一般咨询：</strong><a href="mailto:info@camp.example.org">info@camp.example.org</a><br><strong>媒体：</strong><a href="mailto:press@camp.example.org">press@camp.example.org</a><br><strong>关怀团队（24 小时）：</strong>+49 30 0000 0000</p>',
      }),
    },
    {
      type: 'buttons',
      title: '',
      data: {
        items: [
          {
            ...link('/meeting/introduction?content_id=706167650000000000000001'),
            title: { en: 'About the camp', zh: '关于营地' },
          },
        ],
      },
    },
  ],
  conference: [
    {
      type: 'intro',
      title: { en: 'Talks, workshops and villages', zh: '演讲、工作坊与村落' },
      content: {
        en: 'Two stages run talks from morning to late night, recorded and streamed. Workshops and village sessions fill the tents in between.',
        zh: '两个舞台从早到晚举办演讲，全程录制并直播。其余时间，工作坊和村落活动填满各个帐篷。',
      },
    },
    { type: 'sections', title: { en: 'Find your way', zh: '快速导航' } },
    { type: 'agenda', title: { en: 'Coming up next', zh: '即将开始' }, data: { limit: 4 } },
  ],
};

/** The page sections the conference page lists (§7 GET /page_section/categories). */
const sections = [
  {
    title: { en: 'About the camp', zh: '关于营地' },
    icon: 'about',
    to: `/meeting/introduction?content_id=${demoPageIds.introduction}`,
    weight: 30,
  },
  {
    title: { en: 'Villages and venues', zh: '村落与场地' },
    icon: 'map-pin',
    to: '/meeting/branch',
    weight: 20,
  },
  { title: { en: 'Contact', zh: '联系我们' }, icon: 'message', to: '/meeting/contact', weight: 10 },
];

/**
 * Seeds the content pages, their blocks (released version 1) and page sections of `meetingId`. Run
 * inside the demo seed's transaction on a meeting without pages.
 */
export async function seedDemoPages(db: Database, meetingId: string): Promise<void> {
  await db.insert(pages).values([
    {
      id: demoPageIds.introduction,
      meetingId,
      kind: 'introduction',
      title: { en: 'About the camp', zh: '关于营地' },
    },
    {
      id: demoPageIds.branch,
      meetingId,
      kind: 'branch',
      title: { en: 'Villages and venues', zh: '村落与场地' },
    },
    { id: demoPageIds.contact, meetingId, kind: 'contact', title: { en: 'Contact us', zh: '联系我们' } },
    {
      id: demoPageIds.conference,
      meetingId,
      kind: 'conference',
      title: { en: 'The conference', zh: '大会' },
    },
  ]);
  const now = Date.now();
  await db.insert(blocks).values(
    Object.entries(pageBlocks).flatMap(([kind, list]) =>
      list.map((block, index) => ({
        id: newId(),
        meetingId,
        pageId: demoPageIds[kind as keyof typeof demoPageIds],
        type: block.type,
        title: block.title,
        content: block.content ?? '',
        data: block.data ?? {},
        weight: (list.length - index) * 10,
        version: 1,
        createdAt: new Date(now + index),
      })),
    ),
  );
  await db.insert(categories).values(
    sections.map((section) => ({
      id: newId(),
      meetingId,
      type: 'page_section',
      title: section.title,
      icon: section.icon,
      link: section.to,
      mobileLink: section.to,
      weight: section.weight,
    })),
  );
}
