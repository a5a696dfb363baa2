// Loads the scripts of a page the server drew once the page has been painted (the server lists
// them in the JSON element #page-scripts: src/server/web-assets.ts, scriptsAfterFirstPaint). They
// hydrate a page that is already readable, so they wait for its first frame instead of competing
// with it. A tab in the background paints no frame: the timer loads them there too.
(() => {
  const list = document.getElementById('page-scripts');
  if (!list) return;
  const { entries, preloads } = JSON.parse(list.textContent);
  let loaded = false;
  const add = (tagName, attributes) => {
    const element = document.createElement(tagName);
    element.crossOrigin = '';
    Object.assign(element, attributes);
    document.head.append(element);
  };
  const load = () => {
    if (loaded) return;
    loaded = true;
    for (const href of preloads) add('link', { rel: 'modulepreload', href });
    for (const src of entries) add('script', { type: 'module', src });
  };
  // A task queued from the frame's callback runs once that frame has been painted.
  requestAnimationFrame(() => setTimeout(load, 0));
  setTimeout(load, 200);
  keepClicksUntilHydrated();

  /**
   * Until the app has taken the page over (it marks `html[data-hydrated]`), a button's click would do
   * nothing: React attaches the handlers as it hydrates, and on a phone opening an e-mailed link the
   * code arrives seconds after the page. The last click on such a button is kept, the button says it
   * is busy (aria-busy, drawn as waiting), and the click is made again once the page is hydrated.
   * Links and forms are left to the browser: links work without the code (an address the server
   * draws), and a form's submit button is disabled until the code runs (a native submission would
   * reload the page, or put a password in the address). A button the browser works itself (a
   * popover's, a command's) is left alone too.
   */
  function keepClicksUntilHydrated() {
    const root = document.documentElement;
    let kept = null;
    const keep = (event) => {
      if (root.hasAttribute('data-hydrated')) return;
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || button.disabled || button.hasAttribute('popovertarget') || button.hasAttribute('commandfor'))
        return;
      if (button.form && button.type !== 'button') return;
      // Before React's own listeners (on the root) see it: once they are attached, hydration may not have ended.
      event.preventDefault();
      event.stopImmediatePropagation();
      kept?.removeAttribute('aria-busy');
      kept = button;
      button.setAttribute('aria-busy', 'true');
    };
    document.addEventListener('click', keep, true);
    new MutationObserver((_records, observer) => {
      if (!root.hasAttribute('data-hydrated')) return;
      observer.disconnect();
      document.removeEventListener('click', keep, true);
      const button = kept;
      kept = null;
      if (!button) return;
      button.removeAttribute('aria-busy');
      // A page the browser drew anew (no hydration) has other buttons: the click is not made on a detached one.
      if (button.isConnected && !button.disabled) button.click();
    }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
  }
})();
