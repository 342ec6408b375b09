import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { receptionPaths } from '../../../lib/reception-paths.ts';

/**
 * /meeting/reception/query/guest (§2; §6 guests on the list by phone, e-mail or code): find one's own
 * record by the code the organiser sent, or by the signed-in account's phone or e-mail.
 */
function QueryRoute() {
  const { t } = useTranslation('reception');
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) navigate(receptionPaths.results({ meetingId, code: code.trim() }));
  };
  return (
    <div
      className="mx-auto flex max-w-md flex-col gap-5 px-4 pt-6 pb-10 desk:pt-10"
      data-testid="reception-query-page"
    >
      <header className="flex flex-col items-center gap-2 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Search aria-hidden="true" className="size-7" />
        </span>
        <h1 className="font-semibold text-[20px] text-slate-900">{t('query.title')}</h1>
        <p className="text-[14px] text-slate-500">{t('query.hint')}</p>
      </header>
      <form className="flex flex-col gap-3" onSubmit={submit}>
        <Field
          label={t('query.code')}
          name="code"
          autoComplete="off"
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" disabled={!code.trim()}>
          {t('query.find')}
        </Button>
      </form>
      <div className="flex items-center gap-3 text-[13px] text-slate-400">
        <span className="h-px flex-1 bg-slate-200" />
        {t('query.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <ButtonLink variant="secondary" to={receptionPaths.results({ meetingId })}>
        {t('query.byAccount')}
      </ButtonLink>
    </div>
  );
}

export { QueryRoute as Component };
