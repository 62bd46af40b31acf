import { lazy, Suspense, useSyncExternalStore } from 'react';
import { browserFeatures } from '@/lib/browser-features';
import { useFirstScreenT } from '@/lib/i18n/translate';
import { cameraClosed, cameraOpened, useCameraStore } from '@/lib/camera-store';
import { scanTargetPresent, watchScanTargets } from '@/lib/scanner';
import { Icon } from './Icon';

const CameraScanner = lazy(() => import('./CameraScanner').then((m) => ({ default: m.CameraScanner })));

/** "Scan with camera" wherever a screen takes a card number, in a browser where the camera scanner can run. */
export function CameraButton({ onChosen }: { onChosen?: () => void }) {
  const t = useFirstScreenT();
  const wanted = useSyncExternalStore(watchScanTargets, scanTargetPresent, () => false);
  if (!browserFeatures().camera || !wanted) return null;
  return (
    <button
      type="button"
      className="button menu-item camera-button"
      onClick={() => {
        onChosen?.();
        cameraOpened();
      }}
    >
      <Icon name="camera" /> {t('camera.open')}
    </button>
  );
}

/** The camera scanner over the screen while it is open (it outlives the menu that opened it). */
export function CameraHost() {
  const t = useFirstScreenT();
  const open = useCameraStore((s) => s.open);
  if (!open) return null;
  return (
    <Suspense
      fallback={
        <p role="status" className="progress">
          {t('camera.starting')}
        </p>
      }
    >
      <CameraScanner onClose={cameraClosed} />
    </Suspense>
  );
}
