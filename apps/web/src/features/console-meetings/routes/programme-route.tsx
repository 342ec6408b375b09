import type { ConsoleProgramme, ConsoleRoom, ConsoleSession, ConsoleSpeaker } from '@app/contracts';
import { localize } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Download, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConsoleErrorState, ConsolePage, TableSkeleton } from '../../../components/ui/console-page.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { apiErrorMessage } from '../../../lib/api/error-message.ts';
import { useConsole } from '../../../lib/console-context.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { formatDate, formatTimeRange } from '../../../lib/time.ts';
import { meetingSettingsQueryOptions } from '../api/meetings.ts';
import {
  deleteRoom,
  deleteSession,
  deleteSpeaker,
  fetchCalendar,
  fetchScheduleJson,
  programmeKey,
  programmeQueryOptions,
} from '../api/programme.ts';
import {
  type EditorContext,
  EditorDialog,
  RoomEditor,
  SessionEditor,
  SpeakerEditor,
} from '../components/programme-editors.tsx';
import { ScheduleUpload } from '../components/schedule-upload.tsx';
import { enabledLanguages } from '../components/settings-draft.ts';

type List = 'sessions' | 'speakers' | 'rooms';
type Editing =
  | { kind: 'session'; item: ConsoleSession | null }
  | { kind: 'speaker'; item: ConsoleSpeaker | null }
  | { kind: 'room'; item: ConsoleRoom | null };
type Deleting = { kind: List; id: string; name: string };

/** Saves a text as a file download in the browser. */
function saveFile(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * `#/console/meetings/:meetingId/programme` (§3 Agenda, Speaker; schedule interchange): upload a
 * frab/pretalx schedule with a preview of what it adds, changes and removes; download the schedule
 * JSON and an iCalendar file; the sessions, speakers and rooms with add, edit and delete.
 */
export function Component() {
  const { t } = useTranslation('console-meetings');
  const { t: tc } = useTranslation('common');
  const { meetingId = '' } = useParams();
  const { meeting: summary } = useConsole();
  const queryClient = useQueryClient();
  const query = useQuery(programmeQueryOptions(meetingId));
  const settings = useQuery(meetingSettingsQueryOptions(meetingId));
  const [list, setList] = useState<List>('sessions');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const timeZone = summary?.time_zone ?? settings.data?.time_zone ?? 'UTC';
  const refresh = () => void queryClient.invalidateQueries({ queryKey: programmeKey(meetingId) });

  const download = async (kind: 'json' | 'ics') => {
    try {
      if (kind === 'json') {
        const document = await fetchScheduleJson(meetingId);
        saveFile('schedule.json', JSON.stringify(document, null, 2), 'application/json');
      } else {
        saveFile('programme.ics', await fetchCalendar(meetingId), 'text/calendar');
      }
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setIsBusy(true);
    try {
      if (deleting.kind === 'sessions') await deleteSession(meetingId, deleting.id);
      else if (deleting.kind === 'speakers') await deleteSpeaker(meetingId, deleting.id);
      else await deleteRoom(meetingId, deleting.id);
      showToast(t('programme.deleted'));
      refresh();
    } catch (error) {
      showToast(apiErrorMessage(error, tc));
    } finally {
      setIsBusy(false);
      setDeleting(null);
    }
  };

  const actions = (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void download('json')}
        data-testid="download-schedule-json"
      >
        <Download aria-hidden="true" className="size-4" />
        {t('programme.downloadJson')}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => void download('ics')} data-testid="download-ics">
        <CalendarDays aria-hidden="true" className="size-4" />
        {t('programme.downloadIcs')}
      </Button>
    </>
  );

  return (
    <ConsolePage
      title={t('programme.title')}
      description={t('programme.description')}
      actions={actions}
      testId="meeting-programme"
    >
      <div className="flex flex-col gap-4">
        <ScheduleUpload meetingId={meetingId} onImported={refresh} />
        {query.isPending ? (
          <TableSkeleton />
        ) : query.isError ? (
          <ConsoleErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <ProgrammeLists
            programme={query.data}
            list={list}
            onList={setList}
            timeZone={timeZone}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        )}
      </div>
      {query.data ? (
        <EditorDialog
          isOpen={editing !== null}
          onClose={() => setEditing(null)}
          title={editing ? t(`programme.editorTitle.${editing.kind}${editing.item ? 'Edit' : 'Add'}`) : ''}
        >
          {editing ? (
            <Editor
              editing={editing}
              context={{
                meetingId,
                languages: enabledLanguages(settings.data?.config.language),
                timeZone,
                programme: query.data,
                onSaved: refresh,
                onClose: () => setEditing(null),
              }}
            />
          ) : null}
        </EditorDialog>
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('programme.confirmDelete', { name: deleting?.name ?? '' })}
        body={deleting?.kind === 'rooms' ? t('programme.confirmDeleteRoom') : undefined}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        isBusy={isBusy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </ConsolePage>
  );
}

function Editor({ editing, context }: { editing: Editing; context: EditorContext }) {
  if (editing.kind === 'session') return <SessionEditor context={context} session={editing.item} />;
  if (editing.kind === 'speaker') return <SpeakerEditor context={context} speaker={editing.item} />;
  return <RoomEditor context={context} room={editing.item} />;
}

function ProgrammeLists({
  programme,
  list,
  onList,
  timeZone,
  onEdit,
  onDelete,
}: {
  programme: ConsoleProgramme;
  list: List;
  onList: (list: List) => void;
  timeZone: string;
  onEdit: (editing: Editing) => void;
  onDelete: (deleting: Deleting) => void;
}) {
  const { t } = useTranslation('console-meetings');
  const language = useLanguage();
  const rooms = new Map(programme.rooms.map((room) => [room._id.$id, room.name]));
  const speakers = new Map(programme.speakers.map((speaker) => [speaker._id.$id, speaker.name]));
  const tabs = [
    { value: 'sessions', label: t('programme.kind.sessions'), badge: String(programme.sessions.length) },
    { value: 'speakers', label: t('programme.kind.speakers'), badge: String(programme.speakers.length) },
    { value: 'rooms', label: t('programme.kind.rooms'), badge: String(programme.rooms.length) },
  ];
  const addKind = list === 'sessions' ? 'session' : list === 'speakers' ? 'speaker' : 'room';
  return (
    <section className="rounded-card bg-white ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 p-3">
        <div className="overflow-x-auto">
          <Tabs
            label={t('programme.listsLabel')}
            items={tabs}
            value={list}
            onChange={(value) => onList(value as List)}
          />
        </div>
        <Button
          size="sm"
          onClick={() => onEdit({ kind: addKind, item: null } as Editing)}
          data-testid={`add-${addKind}`}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t(`programme.add.${addKind}`)}
        </Button>
      </div>
      {list === 'sessions' ? (
        <Rows
          empty={t('programme.empty.sessions')}
          items={programme.sessions.map((session) => {
            const title = localize(session.title, language);
            return {
              id: session._id.$id,
              title,
              isMuted: session.enable_show === 0,
              lines: [
                `${formatDate(session.start * 1000, timeZone, language)} ${formatTimeRange(session.start * 1000, session.end * 1000, timeZone, language)}`,
                [
                  session.room_id ? rooms.get(session.room_id) : '',
                  session.speaker_ids.map((id) => speakers.get(id)).join(', '),
                ]
                  .filter(Boolean)
                  .join(' · '),
                session.activities.length > 0
                  ? t('programme.activitiesCount', { number: session.activities.length })
                  : '',
                session.enable_show === 0 ? t('programme.hidden') : '',
              ],
              onEdit: () => onEdit({ kind: 'session', item: session }),
              onDelete: () => onDelete({ kind: 'sessions', id: session._id.$id, name: title }),
            };
          })}
        />
      ) : null}
      {list === 'speakers' ? (
        <Rows
          empty={t('programme.empty.speakers')}
          items={programme.speakers.map((speaker) => ({
            id: speaker._id.$id,
            title: speaker.name,
            lines: [
              [localize(speaker.work_title, language), localize(speaker.company, language)]
                .filter(Boolean)
                .join(' · '),
            ],
            onEdit: () => onEdit({ kind: 'speaker', item: speaker }),
            onDelete: () => onDelete({ kind: 'speakers', id: speaker._id.$id, name: speaker.name }),
          }))}
        />
      ) : null}
      {list === 'rooms' ? (
        <Rows
          empty={t('programme.empty.rooms')}
          items={programme.rooms.map((room) => ({
            id: room._id.$id,
            title: room.name,
            lines: [room.capacity !== null ? t('programme.capacity', { seats: room.capacity }) : ''],
            onEdit: () => onEdit({ kind: 'room', item: room }),
            onDelete: () => onDelete({ kind: 'rooms', id: room._id.$id, name: room.name }),
          }))}
        />
      ) : null}
    </section>
  );
}

type Row = {
  id: string;
  title: string;
  lines: string[];
  isMuted?: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

function Rows({ items, empty }: { items: Row[]; empty: string }) {
  const { t } = useTranslation('console-meetings');
  if (items.length === 0) return <EmptyState title={empty} className="py-10" />;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3 px-4 py-3">
          <div className={`min-w-0 flex-1 ${item.isMuted ? 'opacity-60' : ''}`}>
            <p className="truncate text-sm font-medium text-slate-900" dir="auto">
              {item.title || '—'}
            </p>
            {item.lines.filter(Boolean).map((line) => (
              <p key={line} className="truncate text-[13px] text-slate-500" dir="auto">
                {line}
              </p>
            ))}
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={item.onEdit}
            aria-label={t('actions.editItem', { name: item.title })}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={item.onDelete}
            aria-label={t('actions.deleteItem', { name: item.title })}
          >
            <Trash2 aria-hidden="true" className="size-4 text-red-600" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
