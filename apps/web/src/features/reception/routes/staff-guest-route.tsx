import { UserX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useImageUpload } from '../../../lib/api/upload-image.ts';
import { useMeeting } from '../../../lib/meeting-context.ts';
import { receptionPaths } from '../../../lib/reception-paths.ts';
import { DeskGate, SyncBar } from '../components/desk-frame.tsx';
import { useDesk } from '../offline/use-desk.ts';

const editable = ['name', 'title', 'description', 'note', 'photo'] as const;
type Editable = (typeof editable)[number];
const textareaClass =
  'min-h-24 w-full rounded-button bg-white px-3 py-2 text-[15px] text-slate-900 ring-1 ring-slate-200 focus:outline-2 focus:outline-primary';

/**
 * /meeting/reception/staff/guests/{guest_id} (§2; §3 Guest): staff edit a guest's photo, name, title,
 * description and note. Each changed field is one queued write (last writer wins per field, §4), so
 * it saves offline too; 'guest not found' (§8) for an unknown guest.
 */
function StaffGuestRoute() {
  const { t } = useTranslation('reception');
  const { t: tc } = useTranslation('common');
  const meeting = useMeeting();
  const meetingId = meeting._id.$id;
  const navigate = useNavigate();
  const { guest_id: guestId = '' } = useParams();
  const { desk, store } = useDesk(meetingId);
  const guest = desk.guests.find((item) => item._id.$id === guestId);
  const [draft, setDraft] = useState<Partial<Record<Editable, string>>>({});
  const value = (field: Editable) => draft[field] ?? guest?.[field] ?? '';
  const change = (field: Editable, next: string) => setDraft((current) => ({ ...current, [field]: next }));
  const { progress, upload } = useImageUpload('image', {
    onUploaded: (url) => change('photo', url),
    onError: (error) => showToast(apiErrorMessage(error, tc)),
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!guest) return;
    if (!value('name').trim()) return;
    for (const field of editable) {
      const next = draft[field];
      if (next !== undefined && next !== guest[field]) {
        await store.enqueue({ kind: 'guest', guest_id: guestId, field, value: next.trim() });
      }
    }
    showToast(desk.isOnline ? t('edit.saved') : t('edit.savedOffline'));
    navigate(receptionPaths.guest({ meetingId, guestId }));
  };

  return (
    <div
      className="mx-auto flex max-w-xl flex-col gap-4 px-4 pt-4 pb-10 desk:pt-8"
      data-testid="reception-edit-page"
    >
      <DeskGate desk={desk} store={store}>
        {!guest ? (
          <EmptyState
            icon={<UserX aria-hidden="true" className="size-7" />}
            title={t('errors.guestNotFound')}
          />
        ) : (
          <form className="flex flex-col gap-4" onSubmit={(event) => void save(event)}>
            <h1 className="font-semibold text-[20px] text-slate-900">{t('edit.title')}</h1>
            <SyncBar desk={desk} store={store} />
            <div className="flex items-center gap-4">
              <ImagePicker
                shape="round"
                label={t('fields.photo')}
                hint={t('edit.photoHint')}
                progress={progress}
                onPick={upload}
                preview={<Avatar name={value('name')} photo={value('photo')} className="size-24 text-2xl" />}
              />
              {value('photo') ? (
                <Button variant="secondary" size="sm" onClick={() => change('photo', '')}>
                  {t('edit.removePhoto')}
                </Button>
              ) : null}
            </div>
            <Field
              label={t('fields.name')}
              name="name"
              required
              maxLength={100}
              value={value('name')}
              onChange={(event) => change('name', event.target.value)}
              error={value('name').trim() ? undefined : t('edit.nameRequired')}
            />
            <Field
              label={t('fields.title')}
              name="title"
              maxLength={200}
              value={value('title')}
              onChange={(event) => change('title', event.target.value)}
            />
            <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
              {t('fields.description')}
              <textarea
                name="description"
                maxLength={2000}
                className={textareaClass}
                value={value('description')}
                onChange={(event) => change('description', event.target.value)}
              />
            </label>
            <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
              {t('fields.note')}
              <textarea
                name="note"
                maxLength={2000}
                className={textareaClass}
                value={value('note')}
                onChange={(event) => change('note', event.target.value)}
              />
            </label>
            <Button
              type="submit"
              disabled={progress !== null || !value('name').trim()}
              data-testid="reception-edit-save"
            >
              {t('edit.save')}
            </Button>
          </form>
        )}
      </DeskGate>
    </div>
  );
}

export { StaffGuestRoute as Component };
