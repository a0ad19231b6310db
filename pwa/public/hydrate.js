// Loaded by pages the server rendered (api/middleware/server-render.ts) in place of the app's
// module script. The page's text and pictures are in its HTML already and need no JavaScript, so
// the app's code (~130 kB gzip) is asked for once the page has painted, instead of sharing a slow
// line with the page's own resources before that. A classic script, so it can read its own data-*.
//
// The page carries only the CSS rules it uses (<style data-critical>); the build's stylesheets
// are disabled links (data-after-paint), which the browser does not fetch. Once the page has
// painted they are asked for too, and when all have come the page's own rules are dropped, so no
// rule applies twice. The app starts after that: what it adds (menus, dialogs, the reader's
// parts) has its styles from the whole stylesheets.
(function () {
  var me = document.currentScript;
  if (!me) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var entryStarted = false;
    function startEntry() {
      if (entryStarted) return;
      entryStarted = true;
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = me.getAttribute('data-entry');
      document.head.appendChild(script);
    }
    loadStylesheets(startEntry);
    var preload = (me.getAttribute('data-preload') || '').split(' ');
    for (var i = 0; i < preload.length; i += 1) {
      if (!preload[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    // A stylesheet that neither loads nor fails (a stalled connection) holds the app back no longer.
    setTimeout(startEntry, 5000);
  }

  // A new link in each disabled one's place (every browser fetches an inserted link and tells when
  // it has come; not all fetch a disabled one that is enabled). The page's own rules are dropped in
  // the same task as the last sheet applies, so the two are one style recalculation.
  function loadStylesheets(done) {
    var deferred = document.querySelectorAll('link[rel="stylesheet"][data-after-paint]');
    var critical = document.querySelector('style[data-critical]');
    var waiting = deferred.length;
    var failed = false;
    if (!waiting) {
      done();
      return;
    }
    function settled(event) {
      if (event.type === 'error') failed = true;
      waiting -= 1;
      if (waiting > 0) return;
      // A sheet that did not come leaves the page's own rules in place: better twice than missing.
      if (!failed && critical && critical.parentNode) critical.parentNode.removeChild(critical);
      done();
    }
    for (var i = 0; i < deferred.length; i += 1) {
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      link.addEventListener('load', settled);
      link.addEventListener('error', settled);
      link.href = deferred[i].getAttribute('href');
      deferred[i].parentNode.replaceChild(link, deferred[i]);
    }
  }

  // After the next frame is painted; a hidden tab paints no frames, so a timer too.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 300);
})();
