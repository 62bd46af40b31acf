import { lazy, Suspense, useCallback, useState, useSyncExternalStore } from 'react';
import { useT, withTexts } from '@/lib/i18n';
import { Icon } from './Icon';
import { scanTargetPresent, watchScanTargets } from '@/lib/scanner';

const CameraScanner = lazy(() =>
  withTexts(() => import('./CameraScanner'))().then((m) => ({ default: m.CameraScanner })),
);

const hasCamera = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** "Scan with camera" wherever a screen takes a card number, on a device that can have a camera. */
export function CameraButton() {
  const t = useT();
  const wanted = useSyncExternalStore(watchScanTargets, scanTargetPresent, () => false);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (!hasCamera() || (!wanted && !open)) return null;
  return (
    <>
      <button type="button" className="button camera-button" onClick={() => setOpen(true)}>
        <Icon name="camera" /> {t('camera.open')}
      </button>
      {open && (
        <Suspense
          fallback={
            <p role="status" className="progress">
              {t('camera.starting')}
            </p>
          }
        >
          <CameraScanner onClose={close} />
        </Suspense>
      )}
    </>
  );
}
