// Loaded by pages the server rendered (api/middleware/server-render.ts) in place of the app's
// module script. The page's text and pictures are in its HTML already and need no JavaScript, so
// the app's code (~130 kB gzip) is asked for once the page has painted, instead of sharing a slow
// line with the page's own resources before that. A classic script, so it can read its own data-*.
(function () {
  var me = document.currentScript;
  if (!me) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var preload = (me.getAttribute('data-preload') || '').split(' ');
    for (var i = 0; i < preload.length; i += 1) {
      if (!preload[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = me.getAttribute('data-entry');
    document.head.appendChild(script);
  }
  // After the next frame is painted; a hidden tab paints no frames, so a timer too.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 300);
})();
