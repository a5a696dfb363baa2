// Loads the scripts of a page the server drew once the page has been painted (the server lists
// them in the JSON element #page-scripts: src/server/web-assets.ts, scriptsAfterFirstPaint). They
// hydrate a page that is already readable, so they wait for its first frame instead of competing
// with it. A tab in the background paints no frame: the timer loads them there too.
(() => {
  const list = document.getElementById('page-scripts');
  if (!list) return;
  const { entries, preloads } = JSON.parse(list.textContent);
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    for (const src of entries) {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = src;
      document.head.append(script);
    }
  };
  // A task queued from the frame's callback runs once that frame has been painted.
  requestAnimationFrame(() => setTimeout(load, 0));
  setTimeout(load, 200);
})();
