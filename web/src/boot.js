// Runs before the first paint, written into index.html by vite.config.ts
// (the server allows it by its hash: httpapi/spa.go). It applies the saved
// theme and language, so the page never flashes the wrong colours or
// direction, and preloads what the screen at this address needs (its route
// chunks and its strings) while the main script loads, instead of after it.
// Keys and defaults match src/lib/theme.ts, src/lib/i18n/langs.ts,
// src/lib/time-zone.ts and src/lib/auth/session.ts.
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

  // A signed-in student's find-teacher screen, the one most visits want,
  // asks for its first page of teachers here, while the scripts load, not
  // after them: the app's API client takes the answer when it asks for the
  // same URL with the same token and language (src/lib/api/boot-fetch.ts).
  // Only the search without parameters, the one the menu links to: reading
  // a search from the URL is the app's. It is a task of its own, after the
  // preloads have left: the device's zone is the first use of Intl on the
  // page, tens of milliseconds on a phone.
  var token = /(?:^|;\s*)zabano_token=([^;]+)/.exec(document.cookie);
  if (path === '/student/find-teacher' && !location.search && token && window.fetch) {
    setTimeout(function () {
      var tz = null;
      var auth = null;
      try {
        tz = localStorage.getItem('zabano.tz') || Intl.DateTimeFormat().resolvedOptions().timeZone;
        auth = 'Bearer ' + decodeURIComponent(token[1]);
      } catch (e) {
        // No zone or a garbled cookie: the app asks for itself.
      }
      if (tz && auth) {
        var url = '/api/teachers/list/?sort=rating&page=1&page_size=12&tz=' + encodeURIComponent(tz);
        var headers = { Accept: 'application/json', 'Accept-Language': lang, Authorization: auth, 'Cache-Control': 'no-cache', Pragma: 'no-cache' };
        window.zabanoBootFetches = {};
        window.zabanoBootFetches[url] = { authorization: auth, lang: lang, response: fetch(url, { headers: headers }) };
      }
    });
  }
})(__PRELOAD__);
