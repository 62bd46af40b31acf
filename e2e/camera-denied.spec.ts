import { expect, test } from './support/project';
import { openLiveTerminal, goTo, menuItem } from '@loyalty-terminal/playwright/steps';

// No camera permission, and a machine with no camera at all: both said in words, the number can be keyed.
test('camera refused: said in words, the field still there', async ({ page, context, loyaltyServer }) => {
  await context.clearPermissions();
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await openLiveTerminal(page, loyaltyServer);
  await goTo(page, 'Card lookup');
  await menuItem(page, 'Scan with camera').click();
  await expect(page.getByRole('alert')).toHaveText(
    /The camera is not allowed for this terminal\. Allow it in the browser's site settings, or key the number\./,
  );
  await page.getByRole('button', { name: 'Close the camera' }).click();
  await expect(page.getByRole('textbox', { name: 'Card number' })).toBeVisible();
});

test('no camera: said in words', async ({ page, loyaltyServer }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
  });
  await openLiveTerminal(page, loyaltyServer);
  await goTo(page, 'Card lookup');
  await menuItem(page, 'Scan with camera').click();
  await expect(page.getByRole('alert')).toHaveText(
    /No camera found \(or another app is using it\)\. Key the number instead\./,
  );
});
