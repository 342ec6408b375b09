import type { SecretState } from '@app/contracts';
import { Copy, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { copyText } from '../../../components/ui/copy-text.ts';
import { Field } from '../../../components/ui/field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';

/**
 * A write-only secret being edited: `keep` sends nothing (the stored one stays), `replace` sends the
 * typed value, `clear` sends null.
 */
export type SecretDraft = { mode: 'keep' | 'replace' | 'clear'; value: string };
export const keepSecret: SecretDraft = { mode: 'keep', value: '' };

/** What a SecretDraft puts in the PUT body: undefined (keep), the new value, or null (clear). */
export function secretBody(draft: SecretDraft): string | null | undefined {
  if (draft.mode === 'clear') return null;
  if (draft.mode === 'replace' && draft.value.trim()) return draft.value.trim();
  return undefined;
}

/**
 * A write-only secret (AppSecret, token, EncodingAESKey, client secret): when stored it shows 'Set ·
 * ••••1234' with Replace and Clear; otherwise (or while replacing) a password input. The stored value
 * never reaches the browser.
 */
export function SecretField({
  label,
  hint,
  state,
  draft,
  onChange,
  error,
  disabled,
  testId,
}: {
  label: string;
  hint?: string;
  state: SecretState;
  draft: SecretDraft;
  onChange: (draft: SecretDraft) => void;
  error?: string | undefined;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('console-wechat');
  if (state.set === 1 && draft.mode !== 'replace') {
    const isCleared = draft.mode === 'clear';
    return (
      <div className="flex flex-col gap-1.5" data-testid={testId}>
        <span className="text-sm font-medium text-slate-700">{label}</span>
        <div className="flex min-h-12 items-center gap-2 rounded-card bg-slate-50 px-3 py-1.5 ring-1 ring-slate-200">
          <span className="min-w-0 flex-1 truncate text-sm text-slate-700" data-testid={`${testId}-state`}>
            {isCleared ? (
              t('secret.willClear')
            ) : (
              <>
                {t('secret.set')}{' '}
                <span dir="ltr" className="font-mono tabular-nums">
                  ••••{state.last4}
                </span>
              </>
            )}
          </span>
          {disabled ? null : (
            <span className="flex shrink-0 gap-1">
              {isCleared ? (
                <Button size="sm" variant="secondary" onClick={() => onChange({ mode: 'keep', value: '' })}>
                  {t('secret.undo')}
                </Button>
              ) : (
                <>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onChange({ mode: 'replace', value: '' })}
                    data-testid={`${testId}-replace`}
                  >
                    {t('secret.replace')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="px-2"
                    aria-label={`${t('secret.clear')}: ${label}`}
                    title={t('secret.clear')}
                    onClick={() => onChange({ mode: 'clear', value: '' })}
                    data-testid={`${testId}-clear`}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </>
              )}
            </span>
          )}
        </div>
        {error ? (
          <p role="alert" className="text-[13px] text-red-600">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <Field
      label={label}
      hint={hint}
      type="password"
      autoComplete="new-password"
      dir="ltr"
      spellCheck={false}
      value={draft.value}
      disabled={disabled}
      error={error}
      placeholder={state.set === 1 ? t('secret.newValue') : ''}
      onChange={(event) => onChange({ mode: 'replace', value: event.target.value })}
      data-testid={testId}
      end={
        state.set === 1 ? (
          <Button size="sm" variant="ghost" onClick={() => onChange(keepSecret)}>
            {t('secret.cancel')}
          </Button>
        ) : undefined
      }
    />
  );
}

/** A value to paste elsewhere (server URL, web-view domain) with a copy button. */
export function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('console-wechat');
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <div className="flex min-h-12 items-center gap-2 rounded-card bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
        <code dir="ltr" className="min-w-0 flex-1 break-all text-[13px] text-slate-800" data-testid={testId}>
          {value}
        </code>
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('copy.label', { what: label })}
          onClick={() =>
            void copyText(value).then((isCopied) => showToast(isCopied ? t('copy.done') : t('copy.failed')))
          }
        >
          <Copy aria-hidden="true" className="size-4" />
          {t('copy.button')}
        </Button>
      </div>
    </div>
  );
}

/** The fields a 400 answer named, by path below `body/` (`official/appid`), with the server's message. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const details = (error.data?.details ?? []) as { path?: string; message?: string }[];
  return Object.fromEntries(
    details.map((d) => [String(d.path ?? '').replace(/^body[/.]/, ''), String(d.message ?? '')]),
  );
}

/** The catalogue key of a failed call of this screen. */
export function errorKeyOf(error: unknown) {
  if (!(error instanceof ApiError)) return 'errors.failed' as const;
  const code = String(error.code);
  if (code === 'wechat.not_authorized') return 'errors.notAuthorized' as const;
  if (code === 'wechat.not_configured') return 'errors.notConfigured' as const;
  if (code === 'wechat.unavailable') return 'errors.unavailable' as const;
  if (code === 'no_permission') return 'errors.noPermission' as const;
  if (error.status === 400) return 'errors.checkFields' as const;
  return 'errors.failed' as const;
}
