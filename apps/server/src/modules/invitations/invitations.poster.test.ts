import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { escapeSvgText, posterHeight, posterWidth, renderPoster, wrapText } from './invitations.poster.ts';
import { enterpriseShareUrl, formatMeetingDates, posterDateLine } from './invitations.service.ts';

describe('invitation poster', () => {
  it('escapes markup and drops control characters in SVG text', () => {
    expect(escapeSvgText(`<b a="1">'&'</b>\u0000\u0007`)).toBe(
      '&lt;b a=&quot;1&quot;&gt;&apos;&amp;&apos;&lt;/b&gt;',
    );
  });

  it('wraps Latin text at spaces, CJK anywhere, Hangul at spaces, and ellipsises the rest', () => {
    // 12 ems hold about 20 Latin characters.
    expect(wrapText('Shenzhen Sunrise Robotics Co., Ltd.', 12, 3)).toEqual([
      'Shenzhen Sunrise',
      'Robotics Co., Ltd.',
    ]);
    expect(wrapText('深圳旭日机器人科技有限公司', 6, 3)).toEqual(['深圳旭日机器', '人科技有限公', '司']);
    expect(wrapText('カオス・コミュニケーション', 6, 3)).toEqual(['カオス・コミ', 'ュニケーショ', 'ン']);
    expect(wrapText('선전 선라이즈 로보틱스 주식회사', 8, 3)).toEqual([
      '선전 선라이즈',
      '로보틱스',
      '주식회사',
    ]);
    const cut = wrapText('one two three four five six seven', 8, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]).toMatch(/…$/);
  });

  it('wraps Thai only between words and never separates a character from its combining marks', () => {
    // "Shenzhen Sunrise Robotics Co., Ltd." in Thai: no spaces, vowels and tone marks above and below.
    const text = 'บริษัทหุ่นยนต์ซันไรส์เซินเจิ้นจำกัด';
    const wordEnds = new Set(
      Array.from(new Intl.Segmenter('th', { granularity: 'word' }).segment(text), (word) => word.index),
    );
    const lines = wrapText(text, 5, 10);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).toBe(text);
    let offset = 0;
    for (const line of lines.slice(0, -1)) {
      offset += line.length;
      expect(wordEnds.has(offset)).toBe(true);
    }
    for (const line of lines) expect(line).not.toMatch(/^\p{M}/u);
    // A word longer than a line is cut, but between grapheme clusters: ลิ, ภั and ฑ์ stay whole.
    const cut = wrapText('ผลิตภัณฑ์', 1.2, 5);
    expect(cut).toEqual(['ผลิ', 'ตภั', 'ณฑ์']);
    // CJK still breaks at any ideograph and Latin at spaces; the ellipsis cuts between grapheme clusters.
    expect(wrapText('深圳旭日机器人科技', 4, 3)).toEqual(['深圳旭日', '机器人科', '技']);
    expect(wrapText('Sunrise Robotics', 8, 2)).toEqual(['Sunrise', 'Robotics']);
    const ellipsised = wrapText(text, 5, 2);
    expect(ellipsised).toHaveLength(2);
    expect(ellipsised[1]).toMatch(/…$/);
    const shown = ellipsised.join('').slice(0, -1);
    expect(text.startsWith(shown)).toBe(true);
    expect(text.slice(shown.length)).not.toMatch(/^\p{M}/u);
  });

  it('builds the enterprise share link from PUBLIC_URL', () => {
    expect(
      enterpriseShareUrl({ PUBLIC_URL: 'https://expo.example.org/' }, 'a'.repeat(24), 'b'.repeat(24)),
    ).toBe(
      `https://expo.example.org/#/meeting/enterprise?enterprise_id=${'b'.repeat(24)}&meeting_id=${'a'.repeat(24)}&invited_by=${'b'.repeat(24)}`,
    );
  });

  it('formats the dates in the language and time zone, falling back to UTC', () => {
    const start = new Date('2019-08-21T08:00:00Z');
    const end = new Date('2019-08-25T20:00:00Z');
    expect(formatMeetingDates(start, end, 'en', 'Europe/Berlin')).toMatch(/Aug 21\s*–\s*25, 2019/);
    expect(formatMeetingDates(start, end, 'zh', 'Asia/Shanghai')).toContain('2019');
    expect(formatMeetingDates(start, end, 'en', 'Not/AZone')).toContain('2019');
  });

  it('renders a PNG of the poster size with CJK and Arabic text and no images', async () => {
    const png = await renderPoster({
      language: 'ar',
      meetingTitle: 'مخيم الفوضى للاتصالات 2019',
      dateLine: '21–25 Aug 2019',
      venue: '',
      enterpriseName: '深圳旭日机器人 <script>',
      booth: 'A1-001',
      themeColor: 'red; injected',
      cover: Buffer.from('not an image'),
      logo: null,
      shareUrl: 'https://expo.example.org/#/meeting/enterprise?enterprise_id=1',
    });
    expect(await sharp(png).metadata()).toMatchObject({
      format: 'png',
      width: posterWidth,
      height: posterHeight,
    });
  });

  it('dates a meeting with a programme by its first and last day, not by a session past midnight', () => {
    const camp = {
      start: new Date('2019-08-21T10:00:00Z'),
      end: new Date('2019-08-25T23:30:00Z'),
      timeZone: 'Europe/Berlin',
      schedule: { days: [{ date: '2019-08-21' }, { date: '2019-08-25' }] },
    };
    // The last session ends at 01:30 on the 26th in Berlin; the programme's last day is the 25th.
    expect(formatMeetingDates(camp.start, camp.end, 'en', camp.timeZone)).toContain('26');
    expect(posterDateLine(camp, 'en')).toBe(
      formatMeetingDates(new Date('2019-08-21T12:00:00Z'), new Date('2019-08-25T12:00:00Z'), 'en', 'UTC'),
    );
    expect(posterDateLine(camp, 'en')).not.toContain('26');
    expect(posterDateLine({ ...camp, schedule: null }, 'en')).toContain('26');
  });
});
