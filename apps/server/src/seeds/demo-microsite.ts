import { type MicrositeSlug, micrositeSlugs } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/transaction.ts';
import { blocks } from '../modules/blocks/blocks.tables.ts';
import { meetings } from '../modules/meetings/meetings.tables.ts';
import { pages } from '../modules/pages/pages.tables.ts';
import { sanitizeRichText } from '../modules/shared/rich-text.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { dateIn, meetingDayAt } from './demo-dates.ts';
import { demoMeetingId } from './demo-meeting.data.ts';
import { storeSvgImage } from './generated-images.ts';

/**
 * The demo meeting's culture microsite (§2 /sichuan-culture/{slug}): the twelve pages as content pages
 * of kind 'microsite', built only of blocks — the camp's evening culture programme (the "Culture
 * Nights"): a home with the way in, the programme, a playbill of performances on the meeting's days,
 * a venue plan (an SVG drawn here and stored as a PNG upload) with tappable points, the heritage and
 * workshop lists, technology and exhibition pages, the brickworks' rebuilding story, the live pages
 * and the visitor's own links. Chinese and English, as the demo pages. Blocks go into the released
 * version (and the open draft, so the console shows them). Does nothing when the meeting already has
 * a microsite page.
 * @returns the number of microsite pages added (0 when nothing was done)
 */
export async function seedDemoMicrosite(
  deps: { db: Database; storage: Storage },
  meetingId: string = demoMeetingId,
): Promise<number> {
  const [meeting] = await deps.db
    .select({
      start: meetings.start,
      timeZone: meetings.timeZone,
      release: meetings.blockReleaseVersion,
      draft: meetings.blockDraftVersion,
    })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  if (!meeting) return 0;
  const [existing] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(pages)
    .where(and(eq(pages.meetingId, meetingId), eq(pages.kind, 'microsite')));
  if (Number(existing?.n ?? 0) > 0) return 0;
  const plan = await storeSvgImage(deps, 'venue-plan', venuePlanSvg());
  const firstDate = dateIn(meeting.start, meeting.timeZone);
  const at = (day: number, time: string) =>
    Math.floor(meetingDayAt(firstDate, day, time, meeting.timeZone).getTime() / 1000);
  const content = micrositeBlocks({ plan, at });
  const versions = [...new Set([meeting.release, meeting.draft])];
  return inTransaction(deps.db, async (tx) => {
    const now = Date.now();
    for (const slug of micrositeSlugs) {
      const id = newId();
      await tx.insert(pages).values({ id, meetingId, kind: 'microsite', slug, title: titles[slug] });
      const list = content[slug];
      for (const version of versions) {
        if (list.length === 0) continue;
        await tx.insert(blocks).values(
          list.map((block, index) => ({
            id: newId(),
            meetingId,
            pageId: id,
            version,
            type: block.type,
            title: block.title,
            content: block.content ?? '',
            data: block.data ?? {},
            weight: (list.length - index) * 10,
            createdAt: new Date(now + index),
          })),
        );
      }
    }
    return micrositeSlugs.length;
  });
}

type Text = { en: string; zh: string };
type DemoBlock = {
  type: string;
  title: Text | '';
  content?: Text;
  data?: Record<string, unknown>;
};

const titles: Record<MicrositeSlug, Text> = {
  home: { en: 'Culture Nights', zh: '文化之夜' },
  meeting: { en: 'The programme', zh: '活动概览' },
  playbill: { en: 'Playbill', zh: '演出节目单' },
  map: { en: 'Venue map', zh: '场馆地图' },
  my: { en: 'My culture pass', zh: '我的文化通行证' },
  list: { en: 'Living heritage', zh: '非遗名录' },
  list2: { en: 'Workshops', zh: '手作工坊' },
  technology: { en: 'Technology and craft', zh: '科技与手艺' },
  exhibition: { en: 'Exhibition', zh: '展览' },
  're-build': { en: 'Rebuilding the brickworks', zh: '砖厂新生' },
  live: { en: 'On stage now', zh: '现场直播' },
  wllive: { en: 'Watch online', zh: '网络直播' },
};

const link = (to: string, raw = 0) => ({
  link: to,
  mobile_link: '',
  raw,
  open_link_in_frame: 0,
  mobile_open_link_in_frame: 0,
});

const html = (text: Text): Text => ({ en: sanitizeRichText(text.en), zh: sanitizeRichText(text.zh) });

const page = (slug: MicrositeSlug) => `/sichuan-culture/${slug}`;

/** The blocks of each microsite page, first on top. */
function micrositeBlocks(input: {
  plan: string;
  at: (day: number, time: string) => number;
}): Record<MicrositeSlug, DemoBlock[]> {
  const { at } = input;
  const show = (
    day: number,
    from: string,
    to: string,
    title: Text,
    venue: Text,
    description: Text,
    target = '',
  ) => ({
    ...link(target),
    title,
    start: at(day, from),
    end: at(day, to),
    venue,
    cover: '',
    description,
  });
  const stage = { en: 'Brickworks Stage', zh: '砖窑舞台' };
  const lake = { en: 'Lakeside Tent', zh: '湖畔帐篷' };
  const hall = { en: 'Kiln Hall', zh: '窑厂大厅' };
  return {
    home: [
      {
        type: 'intro',
        title: { en: 'Five evenings of music, theatre and craft', zh: '五个夜晚的音乐、戏剧与手艺' },
        content: {
          en: 'When the talks end, the camp turns into a small festival: concerts on the Brickworks Stage, shadow puppets and opera in the Kiln Hall, and makers sharing their crafts by the lake.\nEntry is free for every camp ticket holder.',
          zh: '每天的演讲结束后，营地就变成一座小小的艺术节：砖窑舞台上的音乐会、窑厂大厅里的皮影戏与戏曲，还有湖边分享手艺的匠人们。\n凭营地门票即可免费入场。',
        },
      },
      {
        type: 'buttons',
        title: { en: 'Start here', zh: '从这里开始' },
        data: {
          items: [
            { ...link(page('playbill')), title: { en: "Tonight's playbill", zh: '今晚演出' } },
            { ...link(page('map')), title: { en: 'Venue map', zh: '场馆地图' } },
            { ...link(page('list')), title: { en: 'Living heritage', zh: '非遗名录' } },
            { ...link(page('list2')), title: { en: 'Workshops', zh: '手作工坊' } },
            { ...link(page('exhibition')), title: { en: 'Exhibition', zh: '展览' } },
            { ...link(page('wllive')), title: { en: 'Watch online', zh: '网络直播' } },
          ],
        },
      },
    ],
    meeting: [
      {
        type: 'rich_text',
        title: { en: 'About Culture Nights', zh: '关于文化之夜' },
        content: html({
          en: '<p>Culture Nights is the evening programme of the camp, curated with artists from Chengdu, Berlin and a dozen hackerspaces. Every night has a theme: <strong>voices</strong>, <strong>light</strong>, <strong>rhythm</strong>, <strong>masks</strong> and <strong>fire</strong>.</p><p>Performances are short (30 to 60 minutes), so you can wander between stages.</p>',
          zh: '<p>文化之夜是营地的晚间节目，由来自成都、柏林和十多个黑客空间的艺术家共同策划。每晚一个主题：<strong>声音</strong>、<strong>光</strong>、<strong>节奏</strong>、<strong>面具</strong>与<strong>火</strong>。</p><p>每场演出 30 到 60 分钟，方便你在各个舞台之间穿梭。</p>',
        }),
      },
      { type: 'agenda', title: { en: 'Talks before the show', zh: '演出前的演讲' }, data: { limit: 3 } },
      { type: 'speakers', title: { en: 'Meet the artists', zh: '认识艺术家' }, data: { limit: 4 } },
    ],
    playbill: [
      {
        type: 'playbill',
        title: '',
        data: {
          performances: [
            show(0, '19:00', '20:00', { en: 'Opening: voices of the valley', zh: '开幕：山谷之声' }, stage, {
              en: 'Folk choirs and a synthesiser orchestra open the nights.',
              zh: '民歌合唱团与合成器乐团共同开场。',
            }),
            show(0, '20:30', '21:15', { en: 'Shadow puppets: the white snake', zh: '皮影戏：白蛇传' }, hall, {
              en: 'A classic tale told with leather puppets and LED lanterns.',
              zh: '用皮影和 LED 灯笼讲述的经典故事。',
            }),
            show(1, '19:00', '19:45', { en: 'Light painting on the kilns', zh: '窑墙光绘' }, stage, {
              en: 'Projection mapping on the old kiln walls.',
              zh: '在旧窑墙上进行的投影映射表演。',
            }),
            show(1, '21:00', '22:00', { en: 'Face-changing opera', zh: '川剧变脸' }, hall, {
              en: 'Masks change in the blink of an eye — a Sichuan opera classic.',
              zh: '转瞬之间变换脸谱——川剧经典绝活。',
            }),
            show(2, '19:30', '20:30', { en: 'Drum circle', zh: '鼓圈' }, lake, {
              en: 'Bring any drum, or borrow one from us.',
              zh: '带上你的鼓，或向我们借一面。',
            }),
            show(2, '21:00', '22:30', { en: 'Chiptune night', zh: '芯片音乐之夜' }, stage, {
              en: 'Game Boys, trackers and a lot of bass.',
              zh: 'Game Boy、音序器和超重低音。',
            }),
            show(3, '20:00', '21:00', { en: 'Tea house storytelling', zh: '茶馆说书' }, lake, {
              en: 'Stories of the camp and of Chengdu, with tea.',
              zh: '边喝茶边听营地与成都的故事。',
            }),
            show(4, '21:30', '23:00', { en: 'Closing: fire and sparks', zh: '闭幕：火与星火' }, stage, {
              en: 'Fire dancers and a shower of sparks.',
              zh: '火舞表演与漫天火花。',
            }),
          ],
        },
      },
    ],
    map: [
      {
        type: 'venue_map',
        title: { en: 'Find your way', zh: '找到方向' },
        data: {
          image: input.plan,
          alt: { en: 'Plan of the Culture Nights venues', zh: '文化之夜场馆平面图' },
          points: [
            {
              ...link(page('playbill')),
              x: 24,
              y: 30,
              title: stage,
              description: {
                en: 'The big open-air stage in front of the kilns. Standing, about 2,000 people.',
                zh: '窑前的大型露天舞台，可容纳约 2000 人站立观看。',
              },
            },
            {
              ...link(page('playbill')),
              x: 62,
              y: 26,
              title: hall,
              description: {
                en: 'Indoor hall for puppets and opera. Seated, 300 places.',
                zh: '皮影与戏曲的室内大厅，设 300 个座位。',
              },
            },
            {
              ...link(page('list2')),
              x: 78,
              y: 68,
              title: lake,
              description: {
                en: 'Workshops by day, storytelling by night.',
                zh: '白天是工坊，晚上是说书场。',
              },
            },
            {
              ...link(page('exhibition')),
              x: 44,
              y: 62,
              title: { en: 'Exhibition barn', zh: '展览谷仓' },
              description: {
                en: 'Crafts, prints and the heritage exhibition.',
                zh: '手工艺、版画与非遗展览。',
              },
            },
            {
              ...link(''),
              x: 12,
              y: 80,
              title: { en: 'Entrance and info desk', zh: '入口与服务台' },
              description: {
                en: 'Wristbands, lost and found, first aid.',
                zh: '手环领取、失物招领、急救。',
              },
            },
          ],
        },
      },
    ],
    my: [
      {
        type: 'buttons',
        title: { en: 'Your culture pass', zh: '你的文化通行证' },
        data: {
          items: [
            { ...link('/my/tickets'), title: { en: 'My tickets', zh: '我的门票' } },
            { ...link('/my/schedules'), title: { en: 'My schedule', zh: '我的日程' } },
            { ...link('/my/collection'), title: { en: 'My favourites', zh: '我的收藏' } },
            { ...link('/my'), title: { en: 'My account', zh: '我的账户' } },
          ],
        },
      },
    ],
    list: [
      {
        type: 'rich_text',
        title: { en: 'Crafts you can meet', zh: '你可以见到的非遗技艺' },
        content: html({
          en: '<ul><li><strong>Shu embroidery</strong> — silk embroidery with more than 100 stitches</li><li><strong>Bamboo weaving</strong> — porcelain-body bamboo from Qingshen</li><li><strong>Shadow puppetry</strong> — leather puppets from northern Sichuan</li><li><strong>Sichuan opera</strong> — face-changing and fire-spitting</li><li><strong>Lacquerware</strong> — Chengdu carved lacquer</li></ul>',
          zh: '<ul><li><strong>蜀绣</strong>——针法逾百种的丝线刺绣</li><li><strong>竹编</strong>——青神瓷胎竹编</li><li><strong>皮影戏</strong>——川北皮影</li><li><strong>川剧</strong>——变脸与吐火</li><li><strong>漆器</strong>——成都雕漆</li></ul>',
        }),
      },
    ],
    list2: [
      {
        type: 'rich_text',
        title: { en: 'Hands-on, every afternoon', zh: '每天下午，亲手体验' },
        content: html({
          en: '<p>Workshops take 12 people each and last 90 minutes; sign up at the Lakeside Tent.</p><ul><li>Embroider a patch for your backpack</li><li>Weave a bamboo coaster</li><li>Cut and light a shadow puppet with an LED</li><li>Print a woodblock postcard</li></ul>',
          zh: '<p>每个工坊限 12 人，时长 90 分钟，请在湖畔帐篷报名。</p><ul><li>为背包绣一枚布贴</li><li>编一只竹杯垫</li><li>刻一个皮影并装上 LED</li><li>印一张木版明信片</li></ul>',
        }),
      },
      {
        type: 'buttons',
        title: '',
        data: {
          items: [{ ...link('/meeting/activity/list'), title: { en: 'Sign up', zh: '立即报名' } }],
        },
      },
    ],
    technology: [
      {
        type: 'rich_text',
        title: { en: 'Where code meets craft', zh: '当代码遇见手艺' },
        content: html({
          en: '<p>Hackers and craftspeople work side by side: an embroidery machine driven by open-source firmware, 3D-scanned masks of the opera, and a shadow-puppet theatre lit by a microcontroller.</p>',
          zh: '<p>黑客与匠人并肩创作：由开源固件驱动的刺绣机、三维扫描的川剧脸谱，以及由单片机点亮的皮影剧场。</p>',
        }),
      },
    ],
    exhibition: [
      {
        type: 'rich_text',
        title: { en: 'In the exhibition barn', zh: '展览谷仓里' },
        content: html({
          en: '<p>Open daily 10:00–22:00. Prints, embroidery, bamboo and lacquer from twelve workshops, and the makers who made them.</p>',
          zh: '<p>每日 10:00–22:00 开放。展出来自十二家工坊的版画、刺绣、竹编与漆器，以及它们的创作者。</p>',
        }),
      },
      {
        type: 'buttons',
        title: '',
        data: { items: [{ ...link('/exhibition'), title: { en: 'Browse the exhibitors', zh: '浏览展商' } }] },
      },
    ],
    're-build': [
      {
        type: 'rich_text',
        title: { en: 'From brickworks to stage', zh: '从砖厂到舞台' },
        content: html({
          en: '<p>The Mildenberg brickworks fired bricks for Berlin for a century. Since the 1990s the kilns, the narrow-gauge railway and the clay pits have been turned into a museum park — and, for five days, into our culture venue.</p><p>The Kiln Hall was rebuilt with reclaimed bricks; its acoustics come from the old drying racks.</p>',
          zh: '<p>米尔登贝格砖厂曾为柏林烧制砖块长达一个世纪。自 20 世纪 90 年代起，窑炉、窄轨铁路和黏土坑被改造成博物馆公园——在这五天里，它也是我们的文化场馆。</p><p>窑厂大厅用回收砖重建，良好的音响效果来自原来的晾砖架。</p>',
        }),
      },
    ],
    live: [
      {
        type: 'intro',
        title: { en: 'Every show, recorded', zh: '每场演出，全程录制' },
        content: {
          en: 'The Brickworks Stage and the Kiln Hall are streamed live; recordings follow within a day.',
          zh: '砖窑舞台和窑厂大厅的演出均有直播，录像将在一天内上线。',
        },
      },
      {
        type: 'buttons',
        title: '',
        data: {
          items: [{ ...link('/meeting/live'), title: { en: 'Open the live rooms', zh: '进入直播间' } }],
        },
      },
    ],
    wllive: [
      {
        type: 'intro',
        title: { en: 'Not at the camp?', zh: '不在营地？' },
        content: {
          en: 'Watch the Culture Nights online, with subtitles in Chinese and English.',
          zh: '在线观看文化之夜，提供中英文字幕。',
        },
      },
      {
        type: 'buttons',
        title: '',
        data: { items: [{ ...link('/meeting/live'), title: { en: 'Watch online', zh: '在线观看' } }] },
      },
    ],
  };
}

/**
 * A plan of the culture venues (1200 × 800): the kilns' stage, the hall, the lake with its tent, the
 * exhibition barn and the entrance, on a calm palette; labels are left to the map's points.
 */
export function venuePlanSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="#eef3ea"/>
  <path d="M0 560 C 200 520 360 600 520 560 S 860 500 1200 540" stroke="#d9cdb4" stroke-width="36" fill="none"/>
  <path d="M140 0 L 140 800" stroke="#d9cdb4" stroke-width="28"/>
  <ellipse cx="960" cy="560" rx="220" ry="150" fill="#b9d9e8"/>
  <rect x="200" y="150" width="180" height="200" rx="18" fill="#c8735a"/>
  <rect x="230" y="120" width="26" height="60" fill="#9c513c"/>
  <rect x="320" y="110" width="26" height="70" fill="#9c513c"/>
  <rect x="640" y="130" width="220" height="160" rx="14" fill="#8f6bb0"/>
  <rect x="880" y="500" width="120" height="90" rx="45" fill="#f2c14e"/>
  <rect x="440" y="430" width="190" height="130" rx="12" fill="#5a9e7c"/>
  <rect x="90" y="600" width="110" height="110" rx="14" fill="#3f6f8f"/>
  <g fill="#7fb069">
    <circle cx="520" cy="230" r="26"/><circle cx="560" cy="260" r="22"/><circle cx="500" cy="300" r="20"/>
    <circle cx="760" cy="380" r="24"/><circle cx="1080" cy="200" r="30"/><circle cx="1120" cy="300" r="22"/>
    <circle cx="320" cy="680" r="24"/><circle cx="700" cy="700" r="28"/>
  </g>
</svg>`;
}
