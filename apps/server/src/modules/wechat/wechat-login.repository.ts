import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { meetingWechatSettings, userWechatOpenids, wechatQrLogins } from './wechat.tables.ts';

/** A desktop sign-in row (wechat_qr_logins). */
export type QrLoginRow = typeof wechatQrLogins.$inferSelect;

/** A sign-in row is dropped this long after it expired (seconds): late polls still hear 'expired'. */
const keepExpiredSeconds = 60 * 60;

/**
 * Stores a new sign-in that expires `lifeSeconds` after now by the database clock, and deletes rows
 * expired for over an hour (they only ever answer 'expired'), so the table stays small.
 */
export async function insertQrLogin(
  db: Database,
  row: { id: string; meetingId: string; secretHash: string; appid: string },
  lifeSeconds: number,
): Promise<QrLoginRow> {
  await db
    .delete(wechatQrLogins)
    .where(lt(wechatQrLogins.expiresAt, sql`now() - make_interval(secs => ${keepExpiredSeconds})`));
  const [inserted] = await db
    .insert(wechatQrLogins)
    .values({ ...row, expiresAt: sql`now() + make_interval(secs => ${lifeSeconds})` })
    .returning();
  if (!inserted) throw new Error('wechat_qr_logins insert answered no row');
  return inserted;
}

/** Drops a sign-in whose QR code WeChat refused to make. */
export async function deleteQrLogin(db: Database, id: string): Promise<void> {
  await db.delete(wechatQrLogins).where(eq(wechatQrLogins.id, id));
}

/** A sign-in with the seconds it has left by the database clock (≤ 0: expired). */
export async function findQrLogin(
  db: Database,
  id: string,
): Promise<{ row: QrLoginRow; secondsLeft: number } | undefined> {
  const [found] = await db
    .select({
      row: wechatQrLogins,
      secondsLeft: sql<number>`floor(extract(epoch from (${wechatQrLogins.expiresAt} - now())))::int`,
    })
    .from(wechatQrLogins)
    .where(eq(wechatQrLogins.id, id))
    .limit(1);
  return found ? { row: found.row, secondsLeft: Number(found.secondsLeft) } : undefined;
}

/**
 * Records WeChat's scan of a pending, unexpired sign-in of `appid` in one conditional UPDATE: the user
 * found for the WeChat identity (`scanned`), or the identity waiting for a bind (`needs_bind`). Answers
 * the row, or undefined when it is unknown, of another account, expired or already scanned.
 */
export async function markQrScanned(
  db: Database,
  input: {
    id: string;
    appid: string;
    openid: string;
    unionid: string | null;
    userId: string | null;
  },
): Promise<QrLoginRow | undefined> {
  const [row] = await db
    .update(wechatQrLogins)
    .set({
      status: input.userId ? 'scanned' : 'needs_bind',
      openid: input.openid,
      unionid: input.unionid,
      userId: input.userId,
      scannedAt: sql`now()`,
    })
    .where(
      and(
        eq(wechatQrLogins.id, input.id),
        eq(wechatQrLogins.appid, input.appid),
        eq(wechatQrLogins.status, 'pending'),
        gt(wechatQrLogins.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/**
 * Uses a scanned sign-in once: `scanned` or `needs_bind` → `consumed` only while unexpired, in one
 * UPDATE … RETURNING, so of concurrent redeems exactly one gets the row.
 */
export async function consumeQrLogin(
  db: Database,
  id: string,
  secretHash: string,
): Promise<QrLoginRow | undefined> {
  const [row] = await db
    .update(wechatQrLogins)
    .set({ status: 'consumed', consumedAt: sql`now()` })
    .where(
      and(
        eq(wechatQrLogins.id, id),
        eq(wechatQrLogins.secretHash, secretHash),
        sql`${wechatQrLogins.status} in ('scanned', 'needs_bind')`,
        gt(wechatQrLogins.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Push keys of an account a meeting set up itself (`own` mode): sealed token and AES key. */
export type SealedPushKeys = { tokenSealed: string; aesKeySealed: string | null };

/**
 * The sealed message tokens and EncodingAESKeys of every meeting that entered the official account
 * `appid` itself (`own` mode, token set) — all of them: an AppID is public, so no single row decides.
 */
export async function findOwnPushKeys(db: Database, appid: string): Promise<SealedPushKeys[]> {
  const rows = await db
    .select({
      tokenSealed: meetingWechatSettings.officialTokenSealed,
      aesKeySealed: meetingWechatSettings.officialAesKeySealed,
    })
    .from(meetingWechatSettings)
    .where(
      and(
        eq(meetingWechatSettings.officialMode, 'own'),
        eq(meetingWechatSettings.officialAppid, appid),
        sql`${meetingWechatSettings.officialTokenSealed} is not null`,
      ),
    );
  return rows.flatMap((row) =>
    row.tokenSealed ? [{ tokenSealed: row.tokenSealed, aesKeySealed: row.aesKeySealed }] : [],
  );
}

/** True when some meeting in platform mode is authorised by `appid` (its pushes use the platform's keys). */
export async function isPlatformAuthorizer(db: Database, appid: string): Promise<boolean> {
  const [row] = await db
    .select({ meetingId: meetingWechatSettings.meetingId })
    .from(meetingWechatSettings)
    .where(
      and(
        eq(meetingWechatSettings.officialMode, 'platform'),
        eq(meetingWechatSettings.authorizerAppid, appid),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The user an openid of `appid` belongs to (§3 User.wechat_credentials), or undefined. */
export async function findUserIdOfOpenid(
  db: Database,
  appid: string,
  openid: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: userWechatOpenids.userId })
    .from(userWechatOpenids)
    .where(and(eq(userWechatOpenids.appid, appid), eq(userWechatOpenids.openid, openid)))
    .limit(1);
  return row?.userId;
}

/**
 * Remembers a user's openid for `appid` (§3 User.wechat_credentials) after a sign-in proved it; an
 * openid already held (by this user or another) is left as it is.
 */
export async function rememberOpenid(
  db: Database,
  row: { appid: string; openid: string; userId: string; unionid: string | null },
): Promise<void> {
  await db.insert(userWechatOpenids).values(row).onConflictDoNothing();
}
