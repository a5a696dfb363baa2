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
})();
