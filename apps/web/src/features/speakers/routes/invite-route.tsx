import type { Speaker, SpeakerInvitationView } from '@app/contracts';
import { textLimits } from '@app/contracts/wire/limits.ts';
import { localize } from '@app/domain';
import { CheckCircle2, Clock3, Mic, XCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api/client.ts';
import { useImageUpload } from '../../../lib/api/upload-image.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import {
  type InvitationRef,
  useAnswerInvitation,
  useSpeakerInvitation,
  useUpdateSpeakerProfile,
} from '../api/speaker-invitation.ts';

/**
 * /meeting/speaker/invite?meeting_id=…&invitation_token=… (the mail or SMS link) or …&invitation_id=…
 * (the notification centre's link) (§2, §6 "Speaker: invited, accepts via invitation page"): the
 * invited speaker (logged in with the invited phone or e-mail) sees who invites them, accepts or
 * declines; once accepted and linked, edits their photo, title, company and bio. An expired, revoked
 * or replaced link shows §8 'The temporary link has expired'; another account is told to log in with
 * the invited phone or e-mail.
 */
function InviteRoute() {
  const { t } = useTranslation(['speakers', 'common']);
  const [token] = useSearchState('invitation_token');
  const [invitationId] = useSearchState('invitation_id');
  const ref: InvitationRef | undefined = token
    ? { token }
    : invitationId && /^[0-9a-f]{24}$/.test(invitationId)
      ? { id: invitationId }
      : undefined;
  const invitation = useSpeakerInvitation(ref);
  if (!ref) return <Expired />;
  if (invitation.isPending) return <InviteSkeleton />;
  if (invitation.isError) {
    const error = invitation.error;
    if (error instanceof ApiError && error.status === 403) return <NotInvitee />;
    if (error instanceof ApiError && (error.status === 410 || error.status === 404 || error.status === 400)) {
      return <Expired />;
    }
    return <ErrorState className="py-24" onRetry={() => void invitation.refetch()} />;
  }
  const view = invitation.data;
  return (
    <div className="mx-auto max-w-xl space-y-5 px-4 pt-6 pb-12 desk:pt-10" data-testid="speaker-invite">
      <InvitationHeader view={view} />
      {view.status === 'pending' ? (
        <AnswerButtons invitation={ref} />
      ) : view.status === 'accepted' && view.is_linked_to_me === 1 ? (
        <ProfileForm speaker={view.speaker} meetingId={view.meeting_id.$id} />
      ) : (
        <Card className="flex items-center gap-3 p-4 text-slate-700" data-testid="invite-answered">
          {view.status === 'declined' ? (
            <XCircle aria-hidden="true" className="size-5 text-slate-400" />
          ) : (
            <CheckCircle2 aria-hidden="true" className="size-5 text-primary" />
          )}
          <p>{view.status === 'declined' ? t('invite.declinedNote') : t('invite.answeredNote')}</p>
        </Card>
      )}
    </div>
  );
}

function InvitationHeader({ view }: { view: SpeakerInvitationView }) {
  const { t } = useTranslation('speakers');
  const language = useLanguage();
  const workTitle = localize(view.speaker.work_title, language);
  const company = localize(view.speaker.company, language);
  return (
    <Card className="p-5 text-center">
      <span className="mx-auto flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Mic aria-hidden="true" className="size-5" />
      </span>
      <h1 className="mt-3 text-lg font-semibold text-slate-900">
        {t('invite.title', { meeting: localize(view.meeting_title, language) })}
      </h1>
      <div className="mt-4 flex items-center justify-center gap-3 text-start">
        <Avatar name={view.speaker.name} photo={view.speaker.photo} className="size-14" />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            <bdi>{view.speaker.name}</bdi>
          </p>
          {workTitle || company ? (
            <p className="text-sm text-slate-500">
              <bdi>{[workTitle, company].filter(Boolean).join(' · ')}</bdi>
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

function AnswerButtons({ invitation }: { invitation: InvitationRef }) {
  const { t } = useTranslation('speakers');
  const answer = useAnswerInvitation(invitation);
  const failed = answer.error instanceof ApiError ? answer.error : null;
  return (
    <Card className="space-y-4 p-5">
      <p className="text-[15px] text-slate-700">{t('invite.prompt')}</p>
      {failed ? (
        <p role="alert" className="text-sm text-red-600">
          {failed.status === 409
            ? t('invite.answeredNote')
            : failed.status === 410
              ? t('invite.expired')
              : failed.status === 403
                ? t('invite.notInvitee')
                : failed.message}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button
          className="flex-1"
          disabled={answer.isPending}
          onClick={() => answer.mutate('accept')}
          data-testid="invite-accept"
        >
          {t('invite.accept')}
        </Button>
        <Button
          className="flex-1"
          variant="secondary"
          disabled={answer.isPending}
          onClick={() => answer.mutate('decline')}
          data-testid="invite-decline"
        >
          {t('invite.decline')}
        </Button>
      </div>
    </Card>
  );
}

/** The linked speaker's own profile: photo, title, company, bio (texts replace every language's). */
function ProfileForm({ speaker, meetingId }: { speaker: Speaker; meetingId: string }) {
  const { t } = useTranslation(['speakers', 'common']);
  const language = useLanguage();
  const bioId = useId();
  const [photo, setPhoto] = useState(speaker.photo);
  const [workTitle, setWorkTitle] = useState(localize(speaker.work_title, language));
  const [company, setCompany] = useState(localize(speaker.company, language));
  const [biography, setBiography] = useState(localize(speaker.biography, language));
  const [uploadError, setUploadError] = useState(false);
  const update = useUpdateSpeakerProfile(speaker._id.$id);
  const upload = useImageUpload('image', {
    onUploaded: (url) => {
      setUploadError(false);
      setPhoto(url);
    },
    onError: () => setUploadError(true),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { photo, work_title: workTitle.trim(), company: company.trim(), biography: biography.trim() },
      { onSuccess: () => showToast(t('invite.saved')) },
    );
  };
  return (
    <Card className="p-5">
      <form className="space-y-4" onSubmit={onSubmit} data-testid="speaker-profile-form">
        <div>
          <h2 className="font-semibold text-slate-900">{t('invite.profileTitle')}</h2>
          <p className="mt-1 text-sm text-slate-500">{t('invite.profileHint')}</p>
        </div>
        <ImagePicker
          preview={<Avatar name={speaker.name} photo={photo} className="block size-24" />}
          label={t('invite.photo')}
          hint={uploadError ? t('invite.uploadFailed') : t('invite.photoHint')}
          progress={upload.progress}
          onPick={upload.upload}
          shape="round"
          testId="speaker-photo"
        />
        <Field
          label={t('invite.workTitle')}
          value={workTitle}
          maxLength={textLimits.title}
          onChange={(event) => setWorkTitle(event.target.value)}
          data-testid="speaker-work-title"
        />
        <Field
          label={t('invite.company')}
          value={company}
          maxLength={textLimits.title}
          onChange={(event) => setCompany(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={bioId} className="text-sm font-medium text-slate-700">
            {t('invite.biography')}
          </label>
          <textarea
            id={bioId}
            value={biography}
            rows={6}
            maxLength={textLimits.freeText}
            onChange={(event) => setBiography(event.target.value)}
            data-testid="speaker-biography"
            className="rounded-card bg-white p-3 text-[16px] text-slate-900 ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-primary"
          />
          <p className="text-end text-xs text-slate-400 tabular-nums">
            {biography.length}/{textLimits.freeText}
          </p>
        </div>
        {update.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {t('invite.saveFailed')}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button
            type="submit"
            className="flex-1"
            disabled={update.isPending}
            data-testid="speaker-profile-save"
          >
            {t('invite.save')}
          </Button>
          <ButtonLink
            className="flex-1"
            variant="secondary"
            to={paths.speaker.details({ speakerId: speaker._id.$id, meetingId })}
          >
            {t('invite.viewPage')}
          </ButtonLink>
        </div>
      </form>
    </Card>
  );
}

function Expired() {
  const { t } = useTranslation('speakers');
  return (
    <EmptyState
      className="py-24"
      icon={<Clock3 aria-hidden="true" className="size-7" />}
      title={t('invite.expired')}
      description={t('invite.expiredHint')}
    />
  );
}

/** §6 the invitation went to another phone or e-mail than the logged-in account's. */
function NotInvitee() {
  const { t } = useTranslation('speakers');
  return (
    <EmptyState
      className="py-24"
      icon={<XCircle aria-hidden="true" className="size-7" />}
      title={t('invite.pageTitle')}
      description={t('invite.notInvitee')}
    />
  );
}

function InviteSkeleton() {
  return (
    <div className="mx-auto max-w-xl space-y-5 px-4 pt-6 desk:pt-10" aria-busy="true">
      <Skeleton className="h-44 rounded-card" />
      <SkeletonText lines={3} />
    </div>
  );
}

export { InviteRoute as Component };
