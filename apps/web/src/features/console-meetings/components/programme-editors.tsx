import type {
  ConsoleProgramme,
  ConsoleRoom,
  ConsoleSession,
  ConsoleSessionActivity,
  ConsoleSpeaker,
} from '@app/contracts';
import { textLimits } from '@app/contracts';
import type { Language } from '@app/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ImageField } from '../../../components/ui/image-field.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { fromZonedInput, toZonedInput } from '../../../lib/zoned-input.ts';
import {
  createRoom,
  createSession,
  createSpeaker,
  updateRoom,
  updateSession,
  updateSpeaker,
} from '../api/programme.ts';
import { asLanguageMap, compactMap, LocalizedInput } from './localized-input.tsx';
import { SessionActivitiesField } from './session-activities-field.tsx';
import { Toggle } from './settings-sections.tsx';

/** What the editors share: the meeting, its languages and time zone, and a refresh after a save. */
export type EditorContext = {
  meetingId: string;
  languages: readonly Language[];
  timeZone: string;
  programme: ConsoleProgramme;
  onSaved: () => void;
  onClose: () => void;
};

/**
 * A save's failure as a toast: a taken name, 400, or generic. A stale save ('changed by someone
 * else, reload') also reloads the programme and closes the editor, so it reopens on their version
 * with its new updated_at (the held one would be refused again on every retry).
 */
function useFailure(context: EditorContext) {
  const { t } = useTranslation('console-meetings');
  const { t: tc } = useTranslation('common');
  return (error: unknown) => {
    if (error instanceof ApiError && error.code === 'conflict.stale') {
      showToast(t('errors.stale'));
      context.onSaved();
      context.onClose();
    } else if (error instanceof ApiError && error.code === 'conflict.already_used')
      showToast(t('errors.roomTaken'));
    else if (error instanceof ApiError && error.status === 400) showToast(t('errors.checkFields'));
    else showToast(apiErrorMessage(error, tc));
  };
}

function FormButtons({ isBusy, onCancel }: { isBusy: boolean; onCancel: () => void }) {
  const { t } = useTranslation('console-meetings');
  return (
    <div className="sticky bottom-0 -mx-5 mt-2 flex justify-end gap-2 border-t border-slate-100 bg-white px-5 py-3">
      <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" disabled={isBusy}>
        {isBusy ? t('actions.saving') : t('actions.save')}
      </Button>
    </div>
  );
}

/**
 * Add or edit a session: title per language, times in the meeting's zone, room, speakers, the
 * activities placed on it (each shown or hidden on the agenda), shown.
 */
export function SessionEditor({
  context,
  session,
}: {
  context: EditorContext;
  session: ConsoleSession | null;
}) {
  const { t } = useTranslation('console-meetings');
  const fail = useFailure(context);
  const [title, setTitle] = useState(asLanguageMap(session?.title));
  const [start, setStart] = useState(session ? toZonedInput(session.start, context.timeZone) : '');
  const [end, setEnd] = useState(session ? toZonedInput(session.end, context.timeZone) : '');
  const [roomId, setRoomId] = useState(session?.room_id ?? '');
  const [speakerIds, setSpeakerIds] = useState<string[]>(session?.speaker_ids ?? []);
  const [placed, setPlaced] = useState<ConsoleSessionActivity[]>(session?.activities ?? []);
  const [type, setType] = useState(session?.type ?? '');
  const [isShown, setIsShown] = useState<number>(session?.enable_show ?? 1);
  const [error, setError] = useState<{ title?: string; end?: string }>({});
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const startSeconds = fromZonedInput(start, context.timeZone);
    const endSeconds = fromZonedInput(end, context.timeZone);
    const found: { title?: string; end?: string } = {};
    if (Object.keys(compactMap(title)).length === 0) found.title = t('errors.titleRequired');
    if (startSeconds === null || endSeconds === null) found.end = t('errors.timesRequired');
    else if (endSeconds < startSeconds) found.end = t('errors.endBeforeStart');
    setError(found);
    if (Object.keys(found).length > 0 || startSeconds === null || endSeconds === null) return;
    const body = {
      title: compactMap(title),
      start: startSeconds,
      end: endSeconds,
      room_id: roomId,
      speaker_ids: speakerIds.join(','),
      // A form body has no empty list: '' clears the placements.
      activities: placed.length > 0 ? placed : ('' as const),
      type,
      enable_show: isShown,
    };
    setIsBusy(true);
    try {
      if (session)
        await updateSession(context.meetingId, session._id.$id, {
          ...body,
          updated_at_ms: session.updated_at_ms,
        });
      else await createSession(context.meetingId, body);
      showToast(t('programme.saved'));
      context.onSaved();
      context.onClose();
    } catch (failure) {
      fail(failure);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => void submit(event)}
      data-testid="session-editor"
    >
      <LocalizedInput
        label={t('fields.sessionTitle')}
        languages={context.languages}
        value={title}
        onChange={setTitle}
        maxLength={textLimits.title}
        error={error.title}
      />
      <div className="grid gap-3 desk:grid-cols-2">
        <Field
          label={t('fields.start')}
          type="datetime-local"
          value={start}
          onChange={(e) => setStart(e.target.value)}
        />
        <Field
          label={t('fields.end')}
          type="datetime-local"
          value={end}
          error={error.end}
          onChange={(e) => setEnd(e.target.value)}
        />
      </div>
      <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
        {t('fields.room')}
        <select
          className="h-12 rounded-card bg-white px-3 text-[16px] font-normal text-slate-900 ring-1 ring-slate-200"
          value={roomId}
          onChange={(e) => setRoomId(e.target.value)}
        >
          <option value="">{t('fields.noRoom')}</option>
          {context.programme.rooms.map((room) => (
            <option key={room._id.$id} value={room._id.$id}>
              {room.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('fields.speakers')}</legend>
        {context.programme.speakers.length === 0 ? (
          <p className="text-[13px] text-slate-500">{t('programme.noSpeakersYet')}</p>
        ) : (
          <div className="grid max-h-40 grid-cols-1 gap-1 overflow-auto desk:grid-cols-2">
            {context.programme.speakers.map((speaker) => (
              <label key={speaker._id.$id} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={speakerIds.includes(speaker._id.$id)}
                  onChange={(e) =>
                    setSpeakerIds((ids) =>
                      e.target.checked
                        ? [...ids, speaker._id.$id]
                        : ids.filter((id) => id !== speaker._id.$id),
                    )
                  }
                />
                <span dir="auto">{speaker.name}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <SessionActivitiesField
        activities={context.programme.activities}
        value={placed}
        onChange={setPlaced}
        timeZone={context.timeZone}
      />
      <Field
        label={t('fields.sessionType')}
        value={type}
        maxLength={textLimits.label}
        onChange={(e) => setType(e.target.value)}
      />
      <Toggle label={t('fields.shown')} value={isShown} onChange={setIsShown} />
      <FormButtons isBusy={isBusy} onCancel={context.onClose} />
    </form>
  );
}

/** Add or edit a speaker: name, work title and company per language, photo. */
export function SpeakerEditor({
  context,
  speaker,
}: {
  context: EditorContext;
  speaker: ConsoleSpeaker | null;
}) {
  const { t } = useTranslation('console-meetings');
  const fail = useFailure(context);
  const [name, setName] = useState(speaker?.name ?? '');
  const [workTitle, setWorkTitle] = useState(asLanguageMap(speaker?.work_title));
  const [company, setCompany] = useState(asLanguageMap(speaker?.company));
  const [photo, setPhoto] = useState(speaker?.photo ?? '');
  const [nameError, setNameError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(t('errors.nameRequired'));
      return;
    }
    const body = {
      name: name.trim(),
      work_title: compactMap(workTitle),
      company: compactMap(company),
      photo,
    };
    setIsBusy(true);
    try {
      if (speaker)
        await updateSpeaker(context.meetingId, speaker._id.$id, {
          ...body,
          updated_at_ms: speaker.updated_at_ms,
        });
      else await createSpeaker(context.meetingId, body);
      showToast(t('programme.saved'));
      context.onSaved();
      context.onClose();
    } catch (failure) {
      fail(failure);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => void submit(event)}
      data-testid="speaker-editor"
    >
      <Field
        label={t('fields.speakerName')}
        value={name}
        maxLength={textLimits.name}
        error={nameError}
        onChange={(e) => setName(e.target.value)}
      />
      <LocalizedInput
        label={t('fields.workTitle')}
        languages={context.languages}
        value={workTitle}
        onChange={setWorkTitle}
        maxLength={textLimits.title}
      />
      <LocalizedInput
        label={t('fields.company')}
        languages={context.languages}
        value={company}
        onChange={setCompany}
        maxLength={textLimits.title}
      />
      <ImageField label={t('fields.photo')} hint={t('image.hint')} value={photo} onChange={setPhoto} />
      <FormButtons isBusy={isBusy} onCancel={context.onClose} />
    </form>
  );
}

/** Add or edit a room: name (unique in the meeting) and capacity. */
export function RoomEditor({ context, room }: { context: EditorContext; room: ConsoleRoom | null }) {
  const { t } = useTranslation('console-meetings');
  const fail = useFailure(context);
  const [name, setName] = useState(room?.name ?? '');
  const [capacity, setCapacity] = useState(room?.capacity === null || !room ? '' : String(room.capacity));
  const [nameError, setNameError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(t('errors.nameRequired'));
      return;
    }
    const body = { name: name.trim(), capacity: capacity === '' ? ('' as const) : Number(capacity) };
    setIsBusy(true);
    try {
      if (room) await updateRoom(context.meetingId, room._id.$id, body);
      else await createRoom(context.meetingId, body);
      showToast(t('programme.saved'));
      context.onSaved();
      context.onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'conflict.already_used')
        setNameError(t('errors.roomTaken'));
      else fail(failure);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} data-testid="room-editor">
      <Field
        label={t('fields.roomName')}
        value={name}
        maxLength={textLimits.label}
        error={nameError}
        onChange={(e) => setName(e.target.value)}
      />
      <Field
        label={t('fields.capacity')}
        type="number"
        min={0}
        inputMode="numeric"
        value={capacity}
        onChange={(e) => setCapacity(e.target.value)}
      />
      <FormButtons isBusy={isBusy} onCancel={context.onClose} />
    </form>
  );
}

/**
 * One of the editors in a modal on the native <dialog> (focus trap, Escape, top layer from the
 * browser): wide enough for the session editor's speakers and activities on a desktop, full width less
 * a margin on a phone; the fields scroll under the title while the form's buttons stay in view.
 */
export function EditorDialog({
  title,
  isOpen,
  onClose,
  children,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return (
    <dialog
      ref={ref}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      aria-labelledby={titleId}
      className="z-[3000] m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] overflow-hidden rounded-card bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id={titleId} className="px-5 pt-5 pb-3 text-[17px] font-semibold text-slate-900">
        {title}
      </h2>
      <div className="max-h-[calc(100dvh-6rem)] overflow-y-auto px-5">{isOpen ? children : null}</div>
    </dialog>
  );
}
