// The calculator at a phone's and a desktop's width (spec §2): the result and each dialog pass
// axe, nothing scrolls sideways, and screenshots are kept in test-results/ for a person to look at.
import type { Page } from '@playwright/test';
import {
  chooseWholesaler,
  enterProperty,
  expectRange,
  getCashOffer,
  openCalculator,
  sampleAddress as address,
} from './support/calculator-page';
import { expect, expectNoAxeViolations, test } from './support/fixtures';

/** A full-page screenshot from the top (the result panel is sticky, so a scrolled page would show it lower down). */
async function screenshotFullPage(page: Page, path: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}

/** The page fits the viewport's width: nothing makes a phone scroll sideways. */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page is wider than the viewport').toBeLessThanOrEqual(clientWidth);
}

for (const viewport of [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width}px (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('homeowner: result and estimate dialog are accessible and fit the screen', async ({ page }, testInfo) => {
      await openCalculator(page);
      await expectNoAxeViolations(page, `/ at ${viewport.width}px`);
      await page.getByRole('checkbox', { name: /Kitchen Remodel/ }).check();
      await enterProperty(page, { address, marketValue: '300000' });
      await getCashOffer(page);
      // 300000 × 0.7 − 10000 − 20000 and − 5000.
      await expectRange(page, '$180,000', '$195,000');
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page, `/ at ${viewport.width}px (homeowner, with a range)`);
      await screenshotFullPage(page, testInfo.outputPath(`${viewport.name}-homeowner.png`));

      await page.getByRole('button', { name: 'Estimate' }).click();
      await expect(page.getByRole('dialog', { name: 'Get Property Value Estimate' })).toBeVisible();
      await expectNoAxeViolations(page, `/ at ${viewport.width}px (estimate dialog)`);
      await page.screenshot({ path: testInfo.outputPath(`${viewport.name}-estimate-dialog.png`) });
    });

    test('wholesaler: result and templates dialog are accessible and fit the screen', async ({ page }, testInfo) => {
      await openCalculator(page);
      await chooseWholesaler(page);
      await enterProperty(page, { address, marketValue: '200000' });
      await getCashOffer(page);
      await expectRange(page, '$120,000', '$135,000');
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page, `/ at ${viewport.width}px (wholesaler, with a range)`);
      await screenshotFullPage(page, testInfo.outputPath(`${viewport.name}-wholesaler.png`));

      await page.getByRole('button', { name: 'Formula Settings' }).click();
      await expect(page.getByRole('dialog', { name: 'Formula Templates' })).toBeVisible();
      await expectNoAxeViolations(page, `/ at ${viewport.width}px (Formula Templates dialog)`);
      await page.screenshot({ path: testInfo.outputPath(`${viewport.name}-templates-dialog.png`) });
    });
  });
}
