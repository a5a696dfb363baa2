import { gpsLatitudeOf, jpegWithLocation } from '../support/exif-gps';
import { savedPropertyBody } from '../support/saved-property';
import { registerThroughUi } from './support/accounts';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

test('a wholesaler adds a photo to a saved property by keyboard, sees it without its location, and deletes it', async ({
  page,
  consoleErrors,
}) => {
  // The PDF named as a photo is refused (415) and the browser logs the refused request.
  consoleErrors.allow(/status of 415/);
  await registerThroughUi(page);
  const saved = await page.request.post('/api/properties', { data: savedPropertyBody() });
  expect(saved.status()).toBe(201);
  const address = savedPropertyBody().address;

  await page.goto('/saved');
  const card = page.getByRole('article', { name: address });
  const open = card.getByRole('button', { name: `Photos of ${address}` });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByText('No photos yet.')).toBeVisible();

  // The picker is reached with Tab and opened with Space, as a keyboard user does.
  const picker = card.getByLabel('Add photos');
  await expect(picker).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(picker).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (
    await chooser
  ).setFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await jpegWithLocation(2400, 1600) });

  const photo = card.getByRole('img', { name: `Photo 1 of 1, ${address}` });
  await expect(photo).toBeVisible();
  await expect(card.getByRole('status').filter({ hasText: '1 photo added.' })).toBeVisible();
  await expectNoAxeViolations(page, '/saved with a photo');

  // What the browser is served is the workspace's copy, resized, with no location.
  const link = card.getByRole('link', { name: `Photo 1 of 1, ${address}` });
  const full = await page.request.get((await link.getAttribute('href'))!);
  expect(full.headers()['content-type']).toBe('image/jpeg');
  expect(await gpsLatitudeOf(await full.body())).toBeUndefined();

  // A PDF named as a photo is refused in words, and nothing is added.
  await picker.setInputFiles({ name: 'scan.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(card.getByRole('alert')).toContainText('scan.jpg: Photos must be JPEG, PNG or WebP images.');
  await expect(card.getByRole('img')).toHaveCount(1);

  const remove = card.getByRole('button', { name: `Delete Photo 1 of 1, ${address}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByText('No photos yet.')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Photos' })).toBeFocused();
  await expectNoAxeViolations(page, '/saved after deleting the photo');
});
