import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Waits until no toast is on screen (axe measures contrast mid-animation, so let toasts go first). */
export async function waitForToastsToGo(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

/**
 * Expects the toast saying `text` to be seen and usable: drawn on top of everything at its
 * centre (not under an open dialog's backdrop) and inside the dialog when one is open (so it is
 * not inert), with a close button large enough to hit (24 px) that works.
 */
export async function expectToastOnTop(page: Page, text: string | RegExp) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await expect(toast).toBeVisible();
  // The pointer on it first, as a user reaching for its close button: Sonner holds a toast under
  // the pointer. Otherwise a success's 2 s ran out during the checks below on a loaded machine.
  await toast.hover();
  // Sonner slides a toast in: poll until it rests where it is drawn on top.
  const placement = () =>
    toast.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const onTop = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      const dialog = document.querySelector('dialog[open]');
      return {
        onTop: Boolean(onTop && element.contains(onTop)),
        insideOpenDialog: dialog ? dialog.contains(element) : null,
      };
    });
  await expect.poll(async () => (await placement()).onTop, { message: 'the toast is drawn on top' }).toBe(true);
  const { insideOpenDialog } = await placement();
  if (insideOpenDialog !== null) expect(insideOpenDialog, 'the toast is inside the open dialog').toBe(true);
  const close = toast.getByRole('button', { name: 'Close toast' });
  // WCAG 2.2 (2.5.8): a target at least 24 px square (its laid-out size: the toast may still be scaling in).
  const closeSize = await close.evaluate((button: HTMLElement) => Math.min(button.offsetWidth, button.offsetHeight));
  expect(closeSize, 'the close button is 24 px or larger').toBeGreaterThanOrEqual(24);
  await close.click();
  await expect(toast).toHaveCount(0);
}
