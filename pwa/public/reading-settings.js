// Runs before the first paint of the app's shell (a plain script in <head>, so the CSP's
// script-src 'self' allows it): the reader's theme and text size from this device, so the page is
// never painted in the wrong ones first. Pages the server renders carry them already (from the
// cookie) and do not load this. Keep in step with contract/reading.ts (readingAttributes).
(function () {
  try {
    var saved = JSON.parse(localStorage.getItem('cik.reading') || 'null');
    if (!saved) return;
    var root = document.documentElement;
    if (saved.theme === 'dark' || saved.theme === 'light') root.setAttribute('data-theme', saved.theme === 'dark' ? 'cik-dark' : 'cik-light');
    if (saved.textSize === 'small' || saved.textSize === 'large' || saved.textSize === 'x-large') root.setAttribute('data-text-size', saved.textSize);
  } catch {
    // Storage blocked or unreadable: the site's own theme and size.
  }
})();
