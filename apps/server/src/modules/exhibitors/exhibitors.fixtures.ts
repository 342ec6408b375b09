import type { LoginResult } from '@app/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { newId } from '../../db/ids.ts';
import { createExhibitorAccount } from '../auth/auth.service.ts';
import { categories } from '../categories/categories.tables.ts';
import { insertEnterprises } from '../enterprises/enterprises.repository.ts';
import { insertProducts } from '../products/products.repository.ts';
import { insertUserIfFree } from '../users/users.repository.ts';
import { signIn } from '../users/users.service.ts';
import { insertExhibitors } from './exhibitors.repository.ts';

/**
 * Test data of the exhibitor, enterprise and product calls, added to the meetings of
 * test/fixture.ts (`meetingId` and `otherMeetingId`). Names cover Chinese, Japanese, English and
 * LIKE wildcards; weights and creation times pin the expected orders.
 */
export const exhibitIds = {
  industryTech: '5a0000000000000000000001',
  industryFood: '5a0000000000000000000002',
  groupHallA: '5a0000000000000000000003',
  groupHallB: '5a0000000000000000000004',
  productCategory: '5a0000000000000000000005',
  robotCn: '5b0000000000000000000001',
  robotJa: '5b0000000000000000000002',
  foods: '5b0000000000000000000003',
  deleted: '5b0000000000000000000004',
  hidden: '5b0000000000000000000005',
  otherMeetingOnly: '5b0000000000000000000006',
  exRobotCn: '5c0000000000000000000001',
  exRobotJa: '5c0000000000000000000002',
  exFoods: '5c0000000000000000000003',
  exDeleted: '5c0000000000000000000004',
  exHidden: '5c0000000000000000000005',
  exOther: '5c0000000000000000000006',
  productArmCn: '5d0000000000000000000001',
  productArmEn: '5d0000000000000000000002',
  productTea: '5d0000000000000000000003',
  productDeleted: '5d0000000000000000000004',
};

const at = (iso: string) => new Date(iso);

/** Seeds categories, six enterprises, their exhibitors and four products. */
export async function seedExhibits(db: Database, meetingId: string, otherMeetingId: string): Promise<void> {
  const i = exhibitIds;
  await db.insert(categories).values([
    { id: i.industryTech, meetingId, type: 'industry', title: { en: 'Technology', zh: '科技' }, weight: 1 },
    { id: i.industryFood, meetingId, type: 'industry', title: { en: 'Food', zh: '食品' }, weight: 9 },
    { id: i.groupHallA, meetingId, type: 'exhibitor_group', title: { en: 'Hall A' }, weight: 2 },
    { id: i.groupHallB, meetingId, type: 'exhibitor_group', title: { en: 'Hall B' }, weight: 7 },
    { id: i.productCategory, meetingId, type: 'industry', title: 'Arms', weight: 0 },
  ]);
  await insertEnterprises(db, [
    {
      id: i.robotCn,
      title: { zh: '智能机器人有限公司', en: 'Smart Robot Co.' },
      industryCategoryId: i.industryTech,
      phone: '+8613800000000',
      email: 'robot@example.com',
      weight: 10,
      createdAt: at('2030-01-01T00:00:00Z'),
    },
    {
      id: i.robotJa,
      title: { ja: 'ロボット工業株式会社', en: 'Robot Industries' },
      industryCategoryId: i.industryTech,
      weight: 10,
      createdAt: at('2030-01-02T00:00:00Z'),
    },
    {
      id: i.foods,
      title: '100% Natural_Foods',
      industryCategoryId: i.industryFood,
      weight: 5,
      createdAt: at('2030-01-03T00:00:00Z'),
    },
    { id: i.deleted, title: 'Deleted Robot Corp', weight: 99, deleted: 1 },
    { id: i.hidden, title: 'Hidden Robot Ltd', weight: 98 },
    { id: i.otherMeetingOnly, title: { en: 'Elsewhere Robot GmbH' }, weight: 97 },
  ]);
  await insertExhibitors(db, [
    {
      id: i.exRobotCn,
      meetingId,
      enterpriseId: i.robotCn,
      booth: 'A-101',
      exhibitorGroupCategoryId: i.groupHallA,
      weight: 10,
      createdAt: at('2030-01-01T00:00:00Z'),
    },
    {
      id: i.exRobotJa,
      meetingId,
      enterpriseId: i.robotJa,
      booth: 'B-201',
      exhibitorGroupCategoryId: i.groupHallB,
      weight: 10,
      createdAt: at('2030-01-02T00:00:00Z'),
    },
    {
      id: i.exFoods,
      meetingId,
      enterpriseId: i.foods,
      booth: 'A-102',
      exhibitorGroupCategoryId: i.groupHallA,
      weight: 5,
      createdAt: at('2030-01-03T00:00:00Z'),
    },
    { id: i.exDeleted, meetingId, enterpriseId: i.deleted, weight: 99 },
    { id: i.exHidden, meetingId, enterpriseId: i.hidden, weight: 98, isShown: 0 },
    { id: i.exOther, meetingId: otherMeetingId, enterpriseId: i.otherMeetingOnly, weight: 97 },
  ]);
  await insertProducts(db, [
    {
      id: i.productArmCn,
      enterpriseId: i.robotCn,
      title: { zh: '机器人手臂', en: 'Robot arm' },
      images: ['/api/files/arm.png'],
      categoryId: i.productCategory,
      weight: 3,
      createdAt: at('2030-01-01T00:00:00Z'),
    },
    {
      id: i.productArmEn,
      enterpriseId: i.robotJa,
      meetingId,
      title: { en: 'ROBOT Arm X', ja: 'ロボットアーム' },
      weight: 3,
      createdAt: at('2030-01-02T00:00:00Z'),
    },
    {
      id: i.productTea,
      enterpriseId: i.foods,
      title: 'Organic Tea 50%',
      weight: 1,
    },
    { id: i.productDeleted, enterpriseId: i.robotCn, title: 'Deleted robot', weight: 50, deleted: 1 },
  ]);
}

/** A new user with a session in the meeting: the login answer (token, user id). */
export async function newLogin(
  deps: { db: Database; config: Config },
  meetingId: string,
  username = `visitor-${newId().slice(-8)}`,
): Promise<LoginResult> {
  const user = await insertUserIfFree(deps.db, { id: newId(), username });
  if (!user) throw new Error('could not create a test user');
  return signIn(deps, { user, meetingId, method: 'phone' });
}

/** An exhibitor account of the meeting for an enterprise; returns its id. */
export async function newExhibitorAccount(
  db: Database,
  input: { meetingId: string; account: string; password: string; enterpriseId: string },
): Promise<string> {
  const id = await createExhibitorAccount({ db }, input);
  if (!id) throw new Error(`exhibitor account ${input.account} exists`);
  return id;
}
