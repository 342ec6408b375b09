import { count } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { blocks } from '../modules/blocks/blocks.tables.ts';
import { categories } from '../modules/categories/categories.tables.ts';
import { meetings } from '../modules/meetings/meetings.tables.ts';

/** Number of meetings (deleted ones included). */
export async function countMeetings(db: Database): Promise<number> {
  const rows = await db.select({ total: count() }).from(meetings);
  return rows[0]?.total ?? 0;
}

export type DemoContent = {
  meeting: typeof meetings.$inferInsert;
  navigation: { title: Record<string, string>; icon: string; link: string; weight: number }[];
  blocks: {
    type: string;
    title: string | Record<string, string>;
    content: string | Record<string, string>;
    weight: number;
    data: Record<string, unknown>;
  }[];
};

/** Inserts a meeting with its navigation categories and home blocks in one transaction. */
export async function insertDemoContent(db: Database, content: DemoContent): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(meetings).values(content.meeting);
    const meetingId = content.meeting.id;
    await tx.insert(categories).values(
      content.navigation.map((entry) => ({
        id: newId(),
        meetingId,
        type: 'navigation',
        title: entry.title,
        icon: entry.icon,
        link: entry.link,
        mobileLink: entry.link,
        raw: /^https?:/.test(entry.link) ? 1 : 0,
        weight: entry.weight,
      })),
    );
    await tx
      .insert(blocks)
      .values(content.blocks.map((block) => ({ id: newId(), meetingId, version: 1, ...block })));
  });
}
