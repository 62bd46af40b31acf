import { DISPLAY_PATH, DISPLAY_WINDOW } from './channel-names';
import { useDisplayStore } from './display-store';
import { tabId } from '@/outbox/tab';

interface ScreenDetailed {
  availLeft: number;
  availTop: number;
  availWidth: number;
  availHeight: number;
}
interface ScreenDetails {
  screens: ScreenDetailed[];
  currentScreen: ScreenDetailed;
}
type WindowManagement = Window & { getScreenDetails?: () => Promise<ScreenDetails> };

/**
 * Opens the customer display in its own window: on the second screen where the Window Management
 * API tells where it is (and the browser allows it), else wherever the browser puts a new window.
 */
export async function openCustomerDisplay(): Promise<void> {
  useDisplayStore.setState({ opened: true });
  let features = 'popup,width=800,height=600';
  const w = window as WindowManagement;
  try {
    if (w.getScreenDetails && (window.screen as Screen & { isExtended?: boolean }).isExtended) {
      const details = await w.getScreenDetails();
      const other = details.screens.find((s) => s !== details.currentScreen);
      if (other)
        features = `popup,left=${other.availLeft},top=${other.availTop},width=${other.availWidth},height=${other.availHeight}`;
    }
  } catch {
    // Permission refused: the browser places the window.
  }
  // It follows this window's sale (a second till's or a training window's never shows on it); a display
  // already open takes the new address without reloading, and follows this window from then on.
  window.open(`${DISPLAY_PATH}?tab=${encodeURIComponent(tabId())}`, DISPLAY_WINDOW, features);
}
