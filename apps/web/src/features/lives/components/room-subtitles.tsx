import type { SubtitleCue, subtitleLimits } from '@app/contracts';
import { Captions, CaptionsOff } from 'lucide-react';
import { type RefObject, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { readStored, writeStored } from '../../../lib/storage.ts';
import { fetchSubtitles, fetchSubtitlesVtt } from '../api/subtitles.ts';
import { type SubtitlesAnswer, subtitleCues } from '../api/subtitles-probe.ts';

/** Cues shown at once (two lines) and how long one stays after it arrived, ms. */
const shownCues = 2;
const cueShowMs = 8000;
/** GET /subtitles again this often while watching (keeps the language asked for within 2 minutes). */
const refreshMs = 60_000;
const storedKey = 'subtitles';
/** Cues per GET /subtitles page: the contracts' subtitleLimits.pageSize (typed: a value import brings zod). */
const pageSize: (typeof subtitleLimits)['pageSize'] = 100;
/** Pages of cues read at most in one ask. */
const maxPages = 30;

/** A language's own name in the viewer's language (Intl), e.g. "English", "中文". */
function languageName(code: string, viewer: string): string {
  try {
    return new Intl.DisplayNames([viewer], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The live room's subtitles (§1 AI subtitles and translation): a toggle and a language picker over
 * the picture (the spoken language and the live's target languages; the viewer's own language first
 * when offered), and the cues.
 * - Streaming: the latest cues from GET /subtitles, then the room socket's `subtitle` events in the
 *   chosen language, shown as two fading lines at the bottom of the picture; asked again every minute
 *   with `after` (fills gaps after a reconnection and keeps the translation going).
 * - Replay: a `<track>` on the player's video from GET /subtitles/vtt in the chosen language.
 * The viewer's on/off choice is remembered on this device.
 */
export default function RoomSubtitles({
  liveId,
  probe,
  isReplay,
  stageRef,
}: {
  liveId: string;
  probe: SubtitlesAnswer;
  isReplay: boolean;
  /** The picture's box: the overlay sits in it; on a replay its `<video>` gets the track. */
  stageRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation('subtitles');
  const viewer = useLanguage();
  const pickerId = useId();
  const offered = [
    probe.source_language,
    ...probe.languages.filter((code) => code !== probe.source_language),
  ];
  const [isOn, setOn] = useState(() => readStored(storedKey) !== 'off');
  const [language, setLanguage] = useState(() => (offered.includes(viewer) ? viewer : probe.source_language));
  const [cues, setCues] = useState<(SubtitleCue & { shownAt: number })[]>([]);
  const [state, setState] = useState(probe.state);
  const [now, setNow] = useState(() => Date.now());
  const isLive = !isReplay;

  const toggle = () => {
    writeStored(storedKey, isOn ? 'off' : 'on');
    setOn(!isOn);
  };

  // Live: the last cues, then the socket's, in the chosen language.
  useEffect(() => {
    if (!isOn || !isLive) return;
    let lastSeq = 0;
    let isStopped = false;
    setCues([]);
    const take = (incoming: SubtitleCue[]) => {
      const fresh = incoming.filter((cue) => cue.language === language && cue.seq > lastSeq);
      if (fresh.length === 0) return;
      lastSeq = Math.max(lastSeq, ...fresh.map((cue) => cue.seq));
      const at = Date.now();
      setCues((current) =>
        [...current, ...fresh.map((cue) => ({ ...cue, shownAt: at }))]
          .sort((a, b) => a.seq - b.seq)
          .slice(-shownCues),
      );
      setNow(at);
    };
    // Catching up (`isFirst`): full pages of older cues are history, passed over; of the last page
    // only the newest cue is shown. Later asks (each minute) take every cue they bring.
    const ask = async (isFirst: boolean) => {
      for (let round = 0; round < maxPages; round += 1) {
        const answer = await fetchSubtitles(liveId, language, lastSeq).catch(() => null);
        if (!answer || isStopped) return;
        setState(answer.state);
        const isFull = answer.results.length >= pageSize;
        if (isFirst && isFull) {
          lastSeq = Math.max(lastSeq, ...answer.results.map((cue) => cue.seq));
          continue;
        }
        take(isFirst ? answer.results.slice(-1) : answer.results);
        if (!isFull) return;
      }
    };
    void ask(true);
    const stop = subtitleCues.listen((cue) => take([cue]));
    const timer = setInterval(() => void ask(false), refreshMs);
    return () => {
      isStopped = true;
      stop();
      clearInterval(timer);
    };
  }, [isOn, isLive, liveId, language]);

  // Cues fade out once they have been shown long enough.
  useEffect(() => {
    if (cues.length === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [cues.length]);

  // Replay: the WebVTT track on the player's video (this component mounts once it has played).
  useEffect(() => {
    if (!isReplay) return;
    const video = stageRef.current?.querySelector('video');
    if (!video) return;
    let url = '';
    let track: HTMLTrackElement | null = null;
    let isStopped = false;
    if (isOn) {
      fetchSubtitlesVtt(liveId, language).then(
        (text) => {
          if (isStopped) return;
          url = URL.createObjectURL(new Blob([text], { type: 'text/vtt' }));
          track = document.createElement('track');
          track.kind = 'subtitles';
          track.srclang = language;
          track.label = languageName(language, viewer);
          track.src = url;
          track.default = true;
          track.dataset.testid = 'live-subtitle-track';
          video.append(track);
          track.track.mode = 'showing';
        },
        () => {},
      );
    }
    return () => {
      isStopped = true;
      track?.remove();
      if (url) URL.revokeObjectURL(url);
    };
  }, [isReplay, isOn, liveId, language, viewer, stageRef]);

  const visible = cues.filter((cue) => now - cue.shownAt < cueShowMs);
  const hint = state === 'unavailable' ? t('unavailable') : state === 'waiting' ? t('waiting') : '';

  return (
    <>
      <div className="absolute end-2 top-2 z-10 flex items-center gap-1.5" data-testid="live-subtitles">
        {isOn && offered.length > 1 ? (
          <>
            <label htmlFor={pickerId} className="sr-only">
              {t('language')}
            </label>
            <select
              id={pickerId}
              value={language}
              onChange={(event) => setLanguage(event.target.value)}
              data-testid="live-subtitle-language"
              className="h-8 max-w-36 rounded-full bg-slate-900/60 px-2.5 text-[13px] text-white backdrop-blur outline-none focus:ring-2 focus:ring-white/70"
            >
              {offered.map((code) => (
                <option key={code} value={code} className="text-slate-900">
                  {code === probe.source_language
                    ? t('original', { language: languageName(code, viewer) })
                    : languageName(code, viewer)}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <button
          type="button"
          onClick={toggle}
          aria-pressed={isOn}
          aria-label={t(isOn ? 'hide' : 'show')}
          title={t(isOn ? 'hide' : 'show')}
          data-testid="live-subtitle-toggle"
          className={cx(
            'inline-flex size-8 items-center justify-center rounded-full backdrop-blur',
            isOn ? 'bg-white text-slate-900' : 'bg-slate-900/60 text-white',
          )}
        >
          {isOn ? (
            <Captions aria-hidden="true" className="size-[18px]" />
          ) : (
            <CaptionsOff aria-hidden="true" className="size-[18px]" />
          )}
        </button>
      </div>
      {isOn && isLive ? (
        <div
          className="pointer-events-none absolute inset-x-0 bottom-16 z-10 flex flex-col items-center gap-1 px-4"
          aria-live="polite"
          data-testid="live-subtitle-overlay"
        >
          {visible.length > 0 ? (
            visible.map((cue) => (
              <p
                key={cue.seq}
                lang={cue.language}
                dir="auto"
                data-testid="live-subtitle-cue"
                className={cx(
                  'line-clamp-2 max-w-[92%] rounded-md bg-slate-950/70 px-2.5 py-1 text-center text-[14px] leading-snug text-white transition-opacity duration-700 desk:text-[17px]',
                  now - cue.shownAt > cueShowMs - 2000 ? 'opacity-0' : 'opacity-100',
                )}
              >
                {cue.text}
              </p>
            ))
          ) : hint ? (
            <p className="rounded-md bg-slate-950/60 px-2.5 py-1 text-[12px] text-white/85">{hint}</p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
