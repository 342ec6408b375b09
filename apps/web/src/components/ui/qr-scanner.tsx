import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import { Flashlight, ImageUp, SwitchCamera } from 'lucide-react';
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
// The decoder's WebAssembly comes from our own build output: nothing is fetched from a CDN.
import readerWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { cx } from './cx.ts';

let detector: BarcodeDetector | null = null;

/**
 * The QR decoder (barcode-detector's BarcodeDetector ponyfill on ZXing-C++ WebAssembly), created once.
 * Its .wasm is located in our bundle; the ponyfill is used even where a native BarcodeDetector exists,
 * so every browser reads the same way.
 */
function qrDetector(): BarcodeDetector {
  if (!detector) {
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? readerWasmUrl : prefix + path,
      },
    });
    detector = new BarcodeDetector({ formats: ['qr_code'] });
  }
  return detector;
}

/** Decodes the first QR code in an image file (the 'choose a photo' fallback); null when none. */
export async function decodeQrImage(file: Blob): Promise<string | null> {
  const found = await qrDetector().detect(file);
  return found[0]?.rawValue ?? null;
}

type CameraState = 'starting' | 'running' | 'unavailable';

export type QrScannerLabels = {
  /** The hint over the viewfinder. */
  hint: string;
  starting: string;
  /** Shown when there is no camera or it was refused (in-app browsers often refuse it). */
  unavailable: string;
  choosePhoto: string;
  switchCamera: string;
  torch: string;
  paused: string;
};

type QrScannerProps = {
  /** Called with each decoded text while not paused (the caller debounces repeats). */
  onCode: (text: string) => void;
  /** A photo held no readable code. */
  onPhotoWithoutCode: () => void;
  /** Stops decoding (the camera keeps running so resuming is instant). */
  isPaused: boolean;
  labels: QrScannerLabels;
  className?: string;
};

/** Milliseconds between two decodes of the camera picture. */
const scanIntervalMs = 150;

type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };

/**
 * A camera QR scanner: continuous decoding of the rear camera's picture (getUserMedia, facingMode
 * environment) under a viewfinder, a torch and camera switch where the device has them, and a
 * 'choose a photo' fallback that decodes an image file when the camera cannot be used.
 */
export function QrScanner({ onCode, onPhotoWithoutCode, isPaused, labels, className }: QrScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  /** The camera picked with the switch button; null = the rear camera by facingMode. */
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [hasTorch, setHasTorch] = useState(false);
  const [isTorchOn, setTorchOn] = useState(false);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const isPausedRef = useRef(isPaused);
  isPausedRef.current = isPaused;

  // Start (or restart on a camera switch) the camera; stop it on leaving.
  useEffect(() => {
    let isCancelled = false;
    const start = async () => {
      setState('starting');
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      try {
        const stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: deviceId
            ? { deviceId: { exact: deviceId } }
            : { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
        if (isCancelled) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        streamRef.current = stream;
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          await video.play().catch(() => {});
        }
        const track = stream.getVideoTracks()[0];
        const capabilities = (track?.getCapabilities?.() ?? {}) as TorchCapabilities;
        setHasTorch(capabilities.torch === true);
        setTorchOn(false);
        const devices = await navigator.mediaDevices.enumerateDevices().catch(() => []);
        if (!isCancelled) setCameras(devices.filter((device) => device.kind === 'videoinput'));
        if (!isCancelled) setState('running');
      } catch {
        if (!isCancelled) setState('unavailable');
      }
    };
    void start();
    return () => {
      isCancelled = true;
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
      streamRef.current = null;
    };
  }, [deviceId]);

  // Decode the picture every scanIntervalMs while running and not paused.
  useEffect(() => {
    if (state !== 'running') return;
    let timer = 0;
    let isStopped = false;
    const tick = async () => {
      const video = videoRef.current;
      if (!isPausedRef.current && video && video.readyState >= 2 && video.videoWidth > 0) {
        try {
          const found = await qrDetector().detect(video);
          const text = found[0]?.rawValue;
          if (text && !isStopped && !isPausedRef.current) onCodeRef.current(text);
        } catch {
          // A frame that cannot be read (resizing, camera switching): try the next one.
        }
      }
      if (!isStopped) timer = window.setTimeout(() => void tick(), scanIntervalMs);
    };
    void tick();
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
    };
  }, [state]);

  const toggleTorch = useCallback(async () => {
    const track = streamRef.current?.getVideoTracks()[0];
    if (!track) return;
    const next = !isTorchOn;
    try {
      await track.applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] });
      setTorchOn(next);
    } catch {
      setHasTorch(false);
    }
  }, [isTorchOn]);

  const switchCamera = () => {
    if (cameras.length < 2) return;
    const current = streamRef.current?.getVideoTracks()[0]?.getSettings().deviceId;
    const index = cameras.findIndex((camera) => camera.deviceId === current);
    setDeviceId(cameras[(index + 1) % cameras.length]?.deviceId ?? null);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const text = await decodeQrImage(file);
      if (text) onCodeRef.current(text);
      else onPhotoWithoutCode();
    } catch {
      onPhotoWithoutCode();
    }
  };

  return (
    <div className={cx('space-y-3', className)}>
      <div className="relative aspect-square w-full overflow-hidden rounded-card bg-slate-900" dir="ltr">
        <video
          ref={videoRef}
          muted
          playsInline
          autoPlay
          tabIndex={-1}
          className={cx('size-full object-cover', state !== 'running' && 'invisible')}
        />
        {state === 'running' ? (
          <>
            {/* Viewfinder: a clear square with corner marks over a dimmed picture. */}
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-[14%] rounded-2xl shadow-[0_0_0_100vmax_rgba(15,23,42,0.45)]"
            >
              <span className="absolute -start-0.5 -top-0.5 size-8 rounded-ss-2xl border-s-4 border-t-4 border-white" />
              <span className="absolute -end-0.5 -top-0.5 size-8 rounded-se-2xl border-e-4 border-t-4 border-white" />
              <span className="absolute -bottom-0.5 -start-0.5 size-8 rounded-es-2xl border-b-4 border-s-4 border-white" />
              <span className="absolute -bottom-0.5 -end-0.5 size-8 rounded-ee-2xl border-b-4 border-e-4 border-white" />
              {isPaused ? null : (
                <span className="absolute inset-x-3 top-1/2 h-0.5 animate-pulse rounded-full bg-primary/90" />
              )}
            </div>
            <p className="absolute inset-x-0 bottom-3 px-4 text-center text-[13px] font-medium text-white drop-shadow">
              {isPaused ? labels.paused : labels.hint}
            </p>
            <div className="absolute end-3 top-3 flex gap-2">
              {hasTorch ? (
                <button
                  type="button"
                  onClick={() => void toggleTorch()}
                  aria-pressed={isTorchOn}
                  aria-label={labels.torch}
                  className={cx(
                    'flex size-10 items-center justify-center rounded-full backdrop-blur',
                    isTorchOn ? 'bg-white text-slate-900' : 'bg-slate-900/60 text-white',
                  )}
                >
                  <Flashlight aria-hidden="true" className="size-5" />
                </button>
              ) : null}
              {cameras.length > 1 ? (
                <button
                  type="button"
                  onClick={switchCamera}
                  aria-label={labels.switchCamera}
                  className="flex size-10 items-center justify-center rounded-full bg-slate-900/60 text-white backdrop-blur"
                >
                  <SwitchCamera aria-hidden="true" className="size-5" />
                </button>
              ) : null}
            </div>
          </>
        ) : (
          <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-[14px] text-slate-200">
            <p aria-live="polite">{state === 'starting' ? labels.starting : labels.unavailable}</p>
          </div>
        )}
      </div>
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        data-testid="qr-photo-input"
        onChange={(event) => void onFile(event)}
      />
      <button
        type="button"
        onClick={() => fileRef.current?.click()}
        className="flex h-11 w-full items-center justify-center gap-2 rounded-button bg-white text-[15px] font-medium text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50"
      >
        <ImageUp aria-hidden="true" className="size-5" />
        {labels.choosePhoto}
      </button>
    </div>
  );
}
