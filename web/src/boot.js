// Runs before the first paint, written into index.html by vite.config.ts
// (the server allows it by its hash: httpapi/spa.go). It applies the saved
// theme and language, so the page never flashes the wrong colours or
// direction, and preloads what the screen at this address needs (its route
// chunks and its strings) while the main script loads, instead of after it.
// Keys and defaults match src/lib/theme.ts and src/lib/i18n/langs.ts.
(function (preload) {
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

  var path = location.pathname.replace(/\/+$/, '') || '/';
  var strings = preload.strings[lang];
  var files = (preload.routes[path] || []).concat(preload.core.indexOf(path) >= 0 ? strings.core : strings.all);
  for (var i = 0; i < files.length; i++) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = '/' + files[i];
    document.head.appendChild(link);
  }
})(__PRELOAD__);
