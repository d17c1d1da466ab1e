// Applies the saved theme and language before the first paint, so the page
// never flashes the wrong colours or direction. Loaded synchronously in <head>;
// an external file because the Content Security Policy forbids inline scripts.
// Keys and defaults match src/lib/theme.ts and src/lib/i18n/langs.ts.
(function () {
  var root = document.documentElement;
  var theme = 'dark';
  var lang = 'fa';
  try {
    var t = localStorage.getItem('zabano.theme');
    if (t === 'light' || t === 'dark') theme = t;
    var l = localStorage.getItem('zabano.lang');
    if (l === 'fa' || l === 'en') lang = l;
  } catch (e) {
    // Storage blocked: keep the defaults.
  }
  root.classList.remove('dark', 'light');
  root.classList.add(theme);
  root.style.colorScheme = theme;
  root.lang = lang;
  root.dir = lang === 'fa' ? 'rtl' : 'ltr';
})();
