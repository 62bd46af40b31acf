import { useEffect, useRef, useState } from 'react';
import { createDetector } from '@/lib/camera/detector';
import { useT, type MessageKey } from '@/lib/i18n';
import { cameraScanned } from '@/lib/scanner';
import { ModalDialog } from './ModalDialog';

type Problem = 'camera.denied' | 'camera.none' | 'camera.failed';
/** After this long with nothing read, the cashier gets a hint (the camera keeps looking). */
const HINT_AFTER_MS = 8_000;
const LOOK_EVERY_MS = 120;
/** One look that takes longer than this has failed (a reader whose code did not load may never answer). */
const DETECT_TIMEOUT_MS = 3_000;

const withTimeout = <T,>(work: Promise<T>, ms: number) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('detector_timeout')), ms))]);

function problemOf(error: unknown): Problem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'camera.denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'camera.none';
  return 'camera.failed';
}

/**
 * The camera as a barcode scanner: the back camera's picture, read several times a second; the
 * first number read goes where a hardware scanner's would, and the camera turns off. Loaded only
 * when the cashier opens it. A modal dialog (ModalDialog): the screen behind is out of reach while
 * it is open, Escape closes it, and closed, the focus goes back to what had it when it opened (a
 * number read goes to its screen, which takes the focus where it wants it).
 */
export function CameraScanner({ onClose }: { onClose: () => void }) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [hint, setHint] = useState(false);
  const [starting, setStarting] = useState(true);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const hintTimer = setTimeout(() => setHint(true), HINT_AFTER_MS);
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(hintTimer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const fail = (error: unknown) => {
      if (!stopped) setProblem(problemOf(error));
      stop();
    };
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera', 'NotFoundError');
        // Both start at once; the stream is kept first so that a reader that fails still turns the camera off.
        const reader = createDetector();
        reader.catch(() => undefined);
        const media = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } },
          audio: false,
        });
        stream = media;
        const detector = await reader;
        if (stopped || !video.current) return stop();
        video.current.srcObject = media;
        await video.current.play();
        setStarting(false);
        let failures = 0;
        const look = async () => {
          if (stopped || !video.current) return;
          const found = await withTimeout(detector.detect(video.current), DETECT_TIMEOUT_MS).then(
            (codes) => {
              failures = 0;
              return codes;
            },
            (error: unknown) => {
              // A frame may fail now and then; a reader that always fails (its code would not load) is said.
              failures += 1;
              if (failures >= 5) throw error;
              return [];
            },
          );
          const text = found.map((code) => code.rawValue.trim()).find((value) => value.length > 0);
          if (text && !stopped) {
            stop();
            onClose();
            cameraScanned(text);
            return;
          }
          timer = setTimeout(() => void look().catch(fail), LOOK_EVERY_MS);
        };
        void look().catch(fail);
      } catch (error) {
        fail(error);
      }
    })();
    return stop;
  }, [onClose]);

  return (
    <ModalDialog
      className="camera-overlay"
      aria-labelledby="camera-title"
      onClosed={onClose}
      closeLabel={t('camera.close')}
    >
      <h2 id="camera-title" className="screen-title">
        {t('camera.title')}
      </h2>
      {problem ? (
        <p className="notice notice-error" role="alert">
          <span aria-hidden="true">✕ </span>
          {t(problem as MessageKey)}
        </p>
      ) : (
        <>
          <div className="camera-frame">
            <video ref={video} className="camera-video" muted playsInline aria-label={t('camera.video')} />
            <div className="camera-aim" aria-hidden="true" />
          </div>
          <p role="status" className="hint">
            {starting ? t('camera.starting') : hint ? t('camera.nothing') : t('camera.aim')}
          </p>
        </>
      )}
    </ModalDialog>
  );
}
