import type { CommerceProviderName, CommerceSettings, UpdateCommerceSettingsValues } from '@app/contracts';
import { ConsoleCommerceError, ErrorCode } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  credentialsKeyOf,
  openCredentials,
  sealCredentials,
} from '../../providers/payment/credentials-box.ts';
import {
  credentialsSetOf,
  mergePaymentCredentials,
  paymentCredentialFields,
} from '../../providers/payment/payment-credentials.ts';
import { auditedWrite } from '../audit/audit.service.ts';
import { commerceSettings } from '../orders/orders.tables.ts';
import { type RolesDeps, requireCan } from '../roles/roles.service.ts';

/**
 * The meeting's payment settings in the console (DESIGN §7, commerce design "Credentials at rest"):
 * provider, currency, payment window, invoices on or off (§3 Invoice config), the seller printed on
 * receipts, and the provider's credentials — sealed with the credentials box, never answered (only
 * which fields are set). Reading needs finance.read, saving finance.settings; a save names the
 * `version` it read (409 conflict.stale otherwise).
 */

export type SettingsRow = typeof commerceSettings.$inferSelect;
export type SettingsDeps = RolesDeps & {
  config: Pick<Config, 'SECRETS_KEY' | 'AUTH_SECRET'> & RolesDeps['config'];
};

const providers = Object.keys(paymentCredentialFields) as CommerceProviderName[];

/** The stored settings row of a meeting, undefined when never saved (defaults apply). */
export async function findSettingsRow(db: Database, meetingId: string): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(commerceSettings)
    .where(eq(commerceSettings.meetingId, meetingId))
    .limit(1);
  return row;
}

/** The stored credentials opened, or null (none, or sealed under another key: then none are usable). */
function openedCredentials(config: SettingsDeps['config'], row: SettingsRow | undefined): unknown {
  if (!row?.credentialsCiphertext) return null;
  try {
    return openCredentials(row.credentialsCiphertext, credentialsKeyOf(config));
  } catch {
    return null;
  }
}

/** The settings as the console reads them: credentials only as per-field `set` flags. */
function toWire(config: SettingsDeps['config'], row: SettingsRow | undefined): CommerceSettings {
  const provider = (row?.paymentProvider ?? 'sandbox') as CommerceProviderName;
  const opened = openedCredentials(config, row);
  return {
    payment_provider: provider,
    currency: row?.currency ?? 'CNY',
    payment_window_minutes: Math.round((row?.paymentWindowSeconds ?? 900) / 60),
    enable_invoice: row?.enableInvoice === 1 ? 1 : 0,
    seller: {
      name: row?.seller.name ?? '',
      taxpayer_number: row?.seller.taxpayer_number ?? '',
      address: row?.seller.address ?? '',
    },
    // The stored credentials belong to the stored provider; the others have none set.
    credentials_set: Object.fromEntries(
      providers.map((name) => [name, credentialsSetOf(name, name === provider ? opened : null)]),
    ),
    version: row?.version ?? 1,
  };
}

/** What the audit row keeps of the settings: everything but secrets. */
function auditView(wire: CommerceSettings) {
  const { credentials_set, ...rest } = wire;
  return { ...rest, credentials_set: credentials_set[wire.payment_provider] };
}

const staleSettings = () =>
  new AppError(409, ErrorCode.staleWrite, 'The payment settings were changed by someone else; reload');

/**
 * GET /console/meetings/{meeting_id}/commerce/settings: the settings (defaults when never saved) and
 * which credential fields are set, never their values. @throws 403 no_permission (finance.read).
 */
export async function getSettings(
  deps: SettingsDeps,
  input: { userId: string; meetingId: string },
): Promise<CommerceSettings> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'finance.read' });
  return toWire(deps.config, await findSettingsRow(deps.db, input.meetingId));
}

/**
 * PUT /console/meetings/{meeting_id}/commerce/settings: saves the settings read at `version`. The
 * credentials of the chosen provider are merged into the stored ones (a field left out or '' keeps
 * its value; a provider change starts from none), checked against the provider's shape (every bad
 * field named, nothing saved) and sealed; the sandbox keeps none. Audited (finance.settings, entity
 * commerce_settings) without secrets.
 * @throws 400 validation_failed / payment.credentials_invalid; 403 no_permission (finance.settings);
 * 409 conflict.stale.
 */
export async function updateSettings(
  deps: SettingsDeps,
  input: { userId: string; meetingId: string; body: UpdateCommerceSettingsValues },
): Promise<CommerceSettings> {
  await requireCan(deps, { userId: input.userId, meetingId: input.meetingId, action: 'finance.settings' });
  const { body } = input;
  return auditedWrite(
    deps.db,
    {
      actorUserId: input.userId,
      meetingId: input.meetingId,
      action: 'finance.settings',
      entity: 'commerce_settings',
      entityId: input.meetingId,
    },
    async (tx) => {
      const [stored] = await tx
        .select()
        .from(commerceSettings)
        .where(eq(commerceSettings.meetingId, input.meetingId))
        .for('update');
      if ((stored?.version ?? 1) !== body.version) throw staleSettings();
      const provider = body.payment_provider;
      let ciphertext: string | null = null;
      if (provider !== 'sandbox') {
        const base = stored?.paymentProvider === provider ? openedCredentials(deps.config, stored) : null;
        // '' keeps the stored value (write-only fields come back empty from the form).
        const patch = Object.fromEntries(
          Object.entries(body.credentials?.[provider] ?? {}).filter(([, value]) => value.trim() !== ''),
        );
        const merged = mergePaymentCredentials(provider, base, patch);
        if (!merged.success) {
          const details = merged.issues.map((issue) => ({
            path: `body/credentials/${provider}/${issue.field}`,
            message: issue.message,
          }));
          throw new AppError(
            400,
            ConsoleCommerceError.credentialsInvalid,
            `Credentials of ${provider}: ${details.map((d) => `${d.path.split('/').pop()} ${d.message}`).join('; ')}`,
            details,
          );
        }
        ciphertext = sealCredentials(merged.data, credentialsKeyOf(deps.config));
      }
      const values = {
        paymentProvider: provider,
        credentialsCiphertext: ciphertext,
        currency: body.currency,
        paymentWindowSeconds: body.payment_window_minutes * 60,
        enableInvoice: body.enable_invoice,
        seller: {
          name: body.seller?.name ?? stored?.seller.name ?? '',
          taxpayer_number: body.seller?.taxpayer_number ?? stored?.seller.taxpayer_number ?? '',
          address: body.seller?.address ?? stored?.seller.address ?? '',
        },
        version: body.version + 1,
        updatedAt: new Date(),
      };
      let saved: SettingsRow | undefined;
      if (stored) {
        [saved] = await tx
          .update(commerceSettings)
          .set(values)
          .where(
            and(eq(commerceSettings.meetingId, input.meetingId), eq(commerceSettings.version, body.version)),
          )
          .returning();
      } else {
        [saved] = await tx
          .insert(commerceSettings)
          .values({ meetingId: input.meetingId, ...values })
          .onConflictDoNothing()
          .returning();
      }
      if (!saved) throw staleSettings();
      const before = stored ? auditView(toWire(deps.config, stored)) : null;
      const after = toWire(deps.config, saved);
      return { result: after, before, after: auditView(after) };
    },
  );
}
