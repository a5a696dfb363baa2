// @vitest-environment happy-dom
// public/load-page-scripts.js, as a server-drawn page runs it before its code: the clicks it keeps
// until the app marks the page hydrated (html[data-hydrated]), and those it leaves to the browser.
// (Beside public/, not in it: everything in public/ is served.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = readFileSync(path.join(import.meta.dirname, 'public/load-page-scripts.js'), 'utf8');

/** Clicks that reached the app's root, as React's listeners there would see them: the buttons' names. */
let reachedApp: string[];

beforeEach(() => {
  delete document.documentElement.dataset.hydrated;
  document.body.innerHTML = `
    <script id="page-scripts" type="application/json">{"entries":[],"preloads":[]}</script>
    <div id="root">
      <button type="button" class="button">Negotiate</button>
      <button type="button" class="button">Get Offer</button>
      <button type="button" class="button" disabled>Not yet</button>
      <button type="button" popovertarget="menu">Account</button>
      <div id="menu" popover="auto"></div>
      <button type="button" commandfor="menu" command="toggle-popover">Menu</button>
      <form><input name="q"><button type="submit">Search</button></form>
    </div>`;
  reachedApp = [];
  const root = document.getElementById('root')!;
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    if (button) reachedApp.push(button.textContent);
  });
  root.querySelector('form')!.addEventListener('submit', (event) => event.preventDefault());
  new Function(script)();
});

afterEach(async () => {
  // Hydrated: the script stops listening, so the next test's copy is the only one.
  await hydrate();
});

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((element) => element.textContent === name)!;

/** What App does once React has hydrated the page; the script's observer answers in a microtask. */
async function hydrate() {
  document.documentElement.dataset.hydrated = '';
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('clicks before the page is hydrated', () => {
  it('keeps a button’s click, says the button is busy, and clicks it once the page is hydrated', async () => {
    button('Negotiate').click();
    expect(reachedApp).toEqual([]);
    expect(button('Negotiate').getAttribute('aria-busy')).toBe('true');

    await hydrate();
    expect(reachedApp).toEqual(['Negotiate']);
    expect(button('Negotiate').hasAttribute('aria-busy')).toBe(false);
    // Hydrated, a click goes straight to the app, once.
    button('Get Offer').click();
    expect(reachedApp).toEqual(['Negotiate', 'Get Offer']);
  });

  it('keeps only the last click: the visitor’s latest choice', async () => {
    button('Negotiate').click();
    button('Get Offer').click();
    button('Get Offer').click();
    expect(button('Negotiate').hasAttribute('aria-busy')).toBe(false);
    expect(button('Get Offer').getAttribute('aria-busy')).toBe('true');

    await hydrate();
    expect(reachedApp).toEqual(['Get Offer']);
  });

  it('leaves to the browser what works without the code: a popover’s or a command’s button and a form’s submission', () => {
    button('Account').click();
    expect(reachedApp).toEqual(['Account']);
    expect(button('Account').hasAttribute('aria-busy')).toBe(false);
    button('Menu').click();
    expect(reachedApp).toEqual(['Account', 'Menu']);
    button('Search').click();
    expect(reachedApp).toEqual(['Account', 'Menu', 'Search']);
    expect(button('Search').hasAttribute('aria-busy')).toBe(false);
  });

  it('keeps nothing for a disabled button, and clicks no button the page no longer has', async () => {
    button('Not yet').click();
    expect(button('Not yet').hasAttribute('aria-busy')).toBe(false);
    button('Negotiate').click();
    // The browser drew the page anew instead of hydrating it: the kept button is gone.
    button('Negotiate').remove();

    await hydrate();
    expect(reachedApp).toEqual([]);
  });
});
