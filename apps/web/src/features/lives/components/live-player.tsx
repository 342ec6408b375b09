import { Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type PlayType = 'hls' | 'flv' | 'mp4';

/** True where Media Source Extensions exist (hls.js and mpegts.js need them; iOS Safari has ManagedMediaSource). */
function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

/**
 * Attaches `url` to `video` the way `type` needs and returns the detach function:
 * - 'mp4', or HLS on a browser without Media Source that plays it natively (Safari on iPhone): the
 *   plain `<video src>`;
 * - 'hls': hls.js (its light build: no subtitles or DRM), loaded now, never with the page (DESIGN §10);
 *   one media error is recovered, any other fatal error calls `onFatal`;
 * - 'flv': mpegts.js, loaded now; any error calls `onFatal`.
 */
async function attach(
  video: HTMLVideoElement,
  url: string,
  type: PlayType,
  onFatal: () => void,
): Promise<() => void> {
  const native = () => {
    video.src = url;
    return () => {
      video.removeAttribute('src');
      video.load();
    };
  };
  if (type === 'mp4') return native();
  if (type === 'hls') {
    if (!hasMediaSource() && video.canPlayType('application/vnd.apple.mpegurl') !== '') return native();
    const { default: Hls } = await import('hls.js/light');
    if (!Hls.isSupported()) {
      onFatal();
      return () => {};
    }
    const hls = new Hls({ backBufferLength: 30 });
    let hasRecovered = false;
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !hasRecovered) {
        hasRecovered = true;
        hls.recoverMediaError();
        return;
      }
      onFatal();
    });
    hls.loadSource(url);
    hls.attachMedia(video);
    return () => hls.destroy();
  }
  const { default: mpegts } = await import('mpegts.js');
  if (!mpegts.isSupported()) {
    onFatal();
    return () => {};
  }
  const player = mpegts.createPlayer({ type: 'flv', isLive: true, url });
  player.on(mpegts.Events.ERROR, onFatal);
  player.attachMediaElement(video);
  player.load();
  return () => player.destroy();
}

/**
 * The room's picture (§1 Watch live streams, §4 streaming and replay): the cover with a play button
 * until the viewer taps it — the player's code (hls.js / mpegts.js) and the stream load only then, so
 * viewers who only chat spend no data and the page's first script stays small — then a `<video>` with
 * the browser's controls. `onFatal` when the source cannot be played ('Failed to obtain live source',
 * §8); `onPlayingChange` as playback starts and stops (the heartbeat runs while it plays).
 */
export function LivePlayer({
  url,
  type,
  poster,
  onFatal,
  onPlayingChange,
}: {
  url: string;
  type: PlayType;
  poster: string;
  onFatal: () => void;
  onPlayingChange: (isPlaying: boolean) => void;
}) {
  const { t } = useTranslation('lives');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isStarted, setStarted] = useState(false);
  const onFatalRef = useRef(onFatal);
  onFatalRef.current = onFatal;
  const onPlayingRef = useRef(onPlayingChange);
  onPlayingRef.current = onPlayingChange;

  useEffect(() => {
    const video = videoRef.current;
    if (!isStarted || !video) return;
    let isDone = false;
    let detach = () => {};
    const fail = () => {
      if (isDone) return;
      isDone = true;
      onPlayingRef.current(false);
      onFatalRef.current();
    };
    const onError = () => fail();
    const onPlaying = () => onPlayingRef.current(true);
    const onStop = () => onPlayingRef.current(false);
    video.addEventListener('error', onError);
    video.addEventListener('playing', onPlaying);
    video.addEventListener('pause', onStop);
    video.addEventListener('ended', onStop);
    attach(video, url, type, fail).then(
      (undo) => {
        if (isDone) {
          undo();
          return;
        }
        detach = undo;
        void video.play().catch(() => {
          // Autoplay refused (no gesture left after the download): the controls are there.
        });
      },
      () => fail(),
    );
    return () => {
      isDone = true;
      video.removeEventListener('error', onError);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('pause', onStop);
      video.removeEventListener('ended', onStop);
      detach();
      onPlayingRef.current(false);
    };
  }, [isStarted, url, type]);

  return (
    <div className="relative size-full bg-black">
      {/* biome-ignore lint/a11y/useMediaCaption: live streams carry no caption track (subtitles are a separate service) */}
      <video
        ref={videoRef}
        className="size-full object-contain"
        poster={poster || undefined}
        controls={isStarted}
        playsInline
        preload="none"
        data-testid="live-video"
      />
      {isStarted ? null : (
        <button
          type="button"
          onClick={() => setStarted(true)}
          className={`absolute inset-0 flex items-center justify-center transition ${poster ? 'bg-slate-900/25 hover:bg-slate-900/35' : 'bg-gradient-to-br from-primary/70 via-primary/35 to-slate-900 hover:brightness-110'}`}
          aria-label={t('player.play')}
          data-testid="live-play"
        >
          <span className="flex size-16 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg">
            <Play aria-hidden="true" className="size-7 translate-x-0.5 fill-current" />
          </span>
        </button>
      )}
    </div>
  );
}
