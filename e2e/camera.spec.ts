import { resolve } from 'node:path';
import { chromiumExecutable } from '../playwright.config';
import { barcodeVideo } from './support/barcode-video';
import { expect, expectAccessible, test } from './support/project';
import {
  line,
  openLiveTerminal,
  startSale,
  expectAvailable,
  goTo,
  instrumentPanel,
  resetSimulator,
  menuItem,
} from '@loyalty-terminal/playwright/steps';

// Chromium's fake camera plays a video of a slip with the barcode of gift card 7001 0000 0001.
const video = barcodeVideo(resolve('test-results/camera/gift-card-0001.y4m'), '700100000001');
test.use({
  launchOptions: {
    executablePath: chromiumExecutable,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
  permissions: ['camera'],
});

const sizes = [
  { name: 'tablet-portrait', width: 768, height: 1024 },
  { name: 'tablet-landscape', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];

test('a card is looked up by camera: the barcode read, the account shown', async ({ page, loyaltyServer }) => {
  await resetSimulator(loyaltyServer);
  await openLiveTerminal(page, loyaltyServer);
  await goTo(page, 'Card lookup');
  await menuItem(page, 'Scan with camera').click();
  await expect(
    page.getByRole('heading', { name: 'Scan a card with the camera' }).or(instrumentPanel(page)),
  ).toBeVisible();
  await expectAvailable(page, '€50.00');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a sale paid by a card scanned with the camera', async ({ page, loyaltyServer }) => {
  await resetSimulator(loyaltyServer);
  await openLiveTerminal(page, loyaltyServer);
  await startSale(page, '12');
  await menuItem(page, 'Scan with camera').click();
  await expect(page.getByLabel('Amount to take from this card')).toHaveValue('12.00', { timeout: 15_000 });
  await page.getByRole('button', { name: /^Take / }).click();
  await expect(line(page, 'Gift card •••• 0001')).toContainText('On hold');
});

test('the camera view, looked at on a tablet and a phone', async ({ page, loyaltyServer }) => {
  // A browser whose own barcode reader finds nothing in this picture: the view stays open, and says what to try.
  await page.addInitScript(() => {
    class FindsNothing {
      static async getSupportedFormats(): Promise<string[]> {
        return ['code_128', 'qr_code'];
      }
      async detect(): Promise<unknown[]> {
        return [];
      }
    }
    Object.assign(window, { BarcodeDetector: FindsNothing });
  });
  await openLiveTerminal(page, loyaltyServer);
  await goTo(page, 'Card lookup');
  await menuItem(page, 'Scan with camera').click();
  const dialog = page.getByRole('dialog', { name: 'Scan a card with the camera' });
  await expect(dialog.getByText("Hold the card's barcode or QR code in the frame.")).toBeVisible();
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screens/camera-${size.name}.png` });
  }
  await expectAccessible(page);
  await expect(
    dialog.getByText(
      "Nothing found yet: hold the barcode flat, a hand's width away, in good light. Or key the number.",
    ),
  ).toBeVisible({ timeout: 12_000 });
  await dialog.getByRole('button', { name: 'Close the camera' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a barcode reader that cannot load is said in words, not a camera that never reads', async ({
  page,
  loyaltyServer,
}) => {
  await openLiveTerminal(page, loyaltyServer);
  await goTo(page, 'Card lookup');
  await page.route('**/zxing_reader*.wasm', (route) => route.abort());
  await menuItem(page, 'Scan with camera').click();
  await expect(page.getByRole('alert')).toHaveText(/The camera could not start\. Key the number instead\./, {
    timeout: 25_000,
  });
});
