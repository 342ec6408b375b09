import { createHash } from 'node:crypto';
import { fileUrl } from '@app/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../db/client.ts';
import { categories } from '../modules/categories/categories.tables.ts';
import { originalStorageKey } from '../modules/media/media.keys.ts';
import { insertUploadThen } from '../modules/media/media.repository.ts';
import { uploads } from '../modules/media/media.tables.ts';
import { news } from '../modules/news/news.tables.ts';
import { sanitizeRichText } from '../modules/shared/rich-text.ts';
import type { Storage } from '../providers/storage/storage.ts';

/**
 * Demo news of the demo meeting (§3 News): two news categories and a handful of articles in Chinese
 * and English — published ones at staggered times before the seed, one draft — so the news list,
 * detail, share and console screens have something real to show. Bodies go through the same
 * sanitiser as the console's saves. Covers are drawn here (a gradient with the camp's colours) and
 * stored like uploads when a storage provider is given.
 */

const categoryIds = { announcements: '6e6577730000000000000c01', highlights: '6e6577730000000000000c02' };

type DemoArticle = {
  id: string;
  category: keyof typeof categoryIds;
  /** Hours before the seed time it was published; null for a draft. */
  hoursAgo: number | null;
  weight: number;
  colours: [string, string];
  title: { en: string; zh: string };
  summary: { en: string; zh: string };
  content: { en: string; zh: string };
};

const articles: DemoArticle[] = [
  {
    id: '6e6577730000000000000a01',
    category: 'announcements',
    hoursAgo: 2,
    weight: 10,
    colours: ['#0f766e', '#22d3ee'],
    title: { en: 'Gates open on Wednesday at 10:00', zh: '营地周三上午 10:00 开放入场' },
    summary: {
      en: 'Arrival, wristbands and the shuttle from Zehdenick station: everything you need for day one.',
      zh: '入场、手环领取以及策德尼克火车站接驳车——第一天需要知道的一切。',
    },
    content: {
      en: '<h2>Arrival</h2><p>The main gate opens on <strong>Wednesday at 10:00</strong>. Bring your ticket on your phone or printed; wristbands are handed out at the <em>Info Dome</em> next to the gate.</p><h3>Getting here</h3><ul><li>Shuttle buses leave Zehdenick station every 20 minutes from 8:00 to 22:00.</li><li>Cars park on field P2; follow the signs from the B109.</li><li>Bicycles can be left at the racks by the Info Dome.</li></ul><blockquote><p>Please do not arrive before Tuesday evening: the build-up crew needs the roads.</p></blockquote><p>Questions? Write to <a href="mailto:info@example.org">info@example.org</a>.</p>',
      zh: '<h2>入场</h2><p>主入口将于<strong>周三上午 10:00</strong> 开放。请携带电子票或纸质票，手环在入口旁的<em>信息穹顶</em>发放。</p><h3>交通</h3><ul><li>接驳巴士 8:00 至 22:00 每 20 分钟从策德尼克火车站发车。</li><li>自驾车辆请停放在 P2 停车场，沿 B109 公路指示牌行驶。</li><li>自行车可停放在信息穹顶旁的停车架。</li></ul><blockquote><p>请勿在周二晚间之前到达：搭建团队需要使用道路。</p></blockquote><p>如有疑问，请发送邮件至 <a href="mailto:info@example.org">info@example.org</a>。</p>',
    },
  },
  {
    id: '6e6577730000000000000a02',
    category: 'announcements',
    hoursAgo: 26,
    weight: 0,
    colours: ['#7c3aed', '#f472b6'],
    title: { en: 'Heat advisory: water points and shade', zh: '高温提示：饮水点与遮阳区' },
    summary: {
      en: 'Temperatures above 30 °C are expected. Free water refill stations are marked on the map.',
      zh: '预计气温将超过 30 °C，地图上已标出免费加水点。',
    },
    content: {
      en: '<p>The forecast expects temperatures above <strong>30 °C</strong> from Thursday to Saturday.</p><ol><li>Refill your bottle at any of the 12 water points (blue drops on the map).</li><li>The two big tents by the lake stay open as shade areas all day.</li><li>The medical team is at the Angel tent around the clock.</li></ol><p>Wear a hat, use sunscreen and look after your neighbours.</p>',
      zh: '<p>天气预报显示周四至周六气温将超过 <strong>30 °C</strong>。</p><ol><li>可在 12 个饮水点（地图上的蓝色水滴）免费加水。</li><li>湖边的两座大帐篷全天开放作为遮阳区。</li><li>医疗团队 24 小时驻守在志愿者帐篷。</li></ol><p>请戴好帽子、涂抹防晒霜，并照顾好身边的人。</p>',
    },
  },
  {
    id: '6e6577730000000000000a03',
    category: 'highlights',
    hoursAgo: 50,
    weight: 0,
    colours: ['#b45309', '#facc15'],
    title: { en: 'Opening talk: 20 years of camps', zh: '开幕演讲：营地二十年' },
    summary: {
      en: 'A look back at the first camp in 1999 and what the community built since.',
      zh: '回顾 1999 年的第一届营地，以及社区此后共同创造的一切。',
    },
    content: {
      en: '<p>The opening talk on the main stage looked back at the first camp in <strong>1999</strong> and at the projects that grew out of it: community networks, open hardware labs and a few hundred villages.</p><h3>Watch again</h3><p>The recording is available on <a href="https://media.ccc.de/">media.ccc.de</a>. Slides and links are in the session page of the agenda.</p>',
      zh: '<p>主舞台的开幕演讲回顾了 <strong>1999</strong> 年的第一届营地，以及由此成长起来的项目：社区网络、开源硬件实验室和数百个村落。</p><h3>回看</h3><p>录像可在 <a href="https://media.ccc.de/">media.ccc.de</a> 观看，幻灯片和链接见议程中的场次页面。</p>',
    },
  },
  {
    id: '6e6577730000000000000a04',
    category: 'highlights',
    hoursAgo: 74,
    weight: 0,
    colours: ['#1d4ed8', '#60a5fa'],
    title: { en: 'Villages: register your assembly', zh: '村落：登记你的集会' },
    summary: {
      en: 'Bring a tent, a topic and friends. Registration for villages and assemblies is open.',
      zh: '带上帐篷、主题和朋友。村落与集会登记现已开放。',
    },
    content: {
      en: '<p>Villages are the heart of the camp: groups that share a topic, a tent and a power plug. Registration is open until the end of the month.</p><table><thead><tr><th>Size</th><th>Area</th><th>Power</th></tr></thead><tbody><tr><td>Small</td><td>50 m²</td><td>1 × 16 A</td></tr><tr><td>Medium</td><td>150 m²</td><td>1 × 32 A</td></tr><tr><td>Large</td><td>400 m²</td><td>3 × 32 A</td></tr></tbody></table><p>Tell us what you plan in the form, and the orga team will place you on the map.</p>',
      zh: '<p>村落是营地的核心：共享主题、帐篷和电源的团体。登记开放至本月底。</p><table><thead><tr><th>规模</th><th>面积</th><th>电力</th></tr></thead><tbody><tr><td>小型</td><td>50 m²</td><td>1 × 16 A</td></tr><tr><td>中型</td><td>150 m²</td><td>1 × 32 A</td></tr><tr><td>大型</td><td>400 m²</td><td>3 × 32 A</td></tr></tbody></table><p>在表单中告诉我们你的计划，组织团队会为你在地图上安排位置。</p>',
    },
  },
  {
    id: '6e6577730000000000000a05',
    category: 'announcements',
    hoursAgo: 120,
    weight: 0,
    colours: ['#15803d', '#86efac'],
    title: { en: 'Volunteer as an Angel', zh: '报名成为志愿者“天使”' },
    summary: {
      en: 'The camp runs on volunteers. Pick a shift at the bar, the gate or the heralds desk.',
      zh: '营地依靠志愿者运转。可在吧台、入口或主持台认领班次。',
    },
    content: {
      en: '<p>Every shift helps: the bar, the gate, the heralds desk, the kids area. Angels get a meal voucher per shift and the everlasting gratitude of everyone else.</p><p>Sign up at the Angel tent or in the volunteer system, and pick the shifts that fit your programme.</p>',
      zh: '<p>每一个班次都很重要：吧台、入口、主持台、儿童区。志愿者每个班次可获得一张餐券，以及所有人的感谢。</p><p>可在志愿者帐篷或志愿者系统中报名，并选择适合自己日程的班次。</p>',
    },
  },
  {
    id: '6e6577730000000000000a06',
    category: 'highlights',
    hoursAgo: null,
    weight: 0,
    colours: ['#334155', '#94a3b8'],
    title: { en: 'Closing ceremony (draft)', zh: '闭幕式（草稿）' },
    summary: { en: 'To be published on the last day.', zh: '将于最后一天发布。' },
    content: { en: '<p>Thank you all…</p>', zh: '<p>感谢大家……</p>' },
  },
];

/** The cover of an article: a 1200×675 gradient in its colours with soft circles. */
function coverSvg([from, to]: [string, string], seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  const circles = [0, 1, 2, 3]
    .map((i) => {
      const x = 100 + ((digest[i * 3] ?? 0) / 255) * 1000;
      const y = 60 + ((digest[i * 3 + 1] ?? 0) / 255) * 560;
      const r = 60 + ((digest[i * 3 + 2] ?? 0) / 255) * 220;
      return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" fill-opacity="0.12"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="675" fill="url(#g)"/>${circles}</svg>`;
}

/** Stores an article's cover like an upload (once) and answers its file URL. */
async function storeCover(deps: { db: Database; storage: Storage }, article: DemoArticle): Promise<string> {
  const id = createHash('sha256').update(`seed-news-cover:${article.id}`).digest('hex').slice(0, 24);
  const key = `${id}/news-cover.jpg`;
  const [existing] = await deps.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(eq(uploads.id, id))
    .limit(1);
  if (!existing) {
    const { data, info } = await sharp(Buffer.from(coverSvg(article.colours, article.id)))
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    await insertUploadThen(
      deps.db,
      {
        id,
        bucket: 'image',
        key,
        userId: null,
        meetingId: null,
        mime: 'image/jpeg',
        size: data.length,
        width: info.width,
        height: info.height,
        originalName: 'news-cover.jpg',
      },
      async () => {
        await deps.storage.put(originalStorageKey('image', key), data, 'image/jpeg');
      },
    );
  }
  return fileUrl('image', key);
}

/**
 * Seeds the demo news of `meetingId` (see the module comment). Run inside the demo seed's
 * transaction; it expects no news of the meeting yet.
 * @param now the seed time: publication times are set before it
 */
export async function seedDemoNews(
  deps: { db: Database; storage?: Storage | undefined },
  meetingId: string,
  now: Date,
): Promise<void> {
  await deps.db.insert(categories).values([
    {
      id: categoryIds.announcements,
      meetingId,
      type: 'news',
      title: { en: 'Announcements', zh: '公告' },
      weight: 10,
    },
    {
      id: categoryIds.highlights,
      meetingId,
      type: 'news',
      title: { en: 'Highlights', zh: '精彩回顾' },
      weight: 5,
    },
  ]);
  for (const article of articles) {
    const cover = deps.storage ? await storeCover({ db: deps.db, storage: deps.storage }, article) : '';
    const publishedAt =
      article.hoursAgo === null ? null : new Date(now.getTime() - article.hoursAgo * 3_600_000);
    await deps.db.insert(news).values({
      id: article.id,
      meetingId,
      categoryId: categoryIds[article.category],
      title: article.title,
      summary: article.summary,
      content: { en: sanitizeRichText(article.content.en), zh: sanitizeRichText(article.content.zh) },
      cover,
      author: article.category === 'announcements' ? 'Camp orga' : '',
      status: publishedAt ? 'published' : 'draft',
      publishedAt,
      weight: article.weight,
      createdAt: publishedAt ?? now,
      updatedAt: publishedAt ?? now,
    });
  }
}
