// @ts-check
/**
 * The one script of the prerendered landing page (docs/public-site.md; CSP allows no inline script). In <head>,
 * before the first paint: the stored theme (as early.js does for the app) and the signed-in mark (a stored
 * session), which the page's style uses to show "Open your dashboard" instead of the sign-in calls. Then the
 * feature toggles (registration, news, feedback hidden when off) and the language buttons (the `locale` cookie,
 * as the app keeps it, and a reload).
 */
(function () {
  'use strict';
  var root = document.documentElement;
  try {
    var theme = localStorage.theme;
    if (theme === 'dark' || (theme !== 'light' && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches)) root.classList.add('dark');
    if (localStorage.getItem('auth_token') && localStorage.getItem('auth_user')) root.classList.add('signed-in');
  } catch (err) {
    /* no storage: the signed-out page */
  }

  fetch('/api/feature-toggles', { credentials: 'same-origin' })
    .then(function (res) {
      return res.ok ? res.json() : null;
    })
    .then(function (toggles) {
      if (!toggles) return;
      ['registration', 'news', 'feedback'].forEach(function (name) {
        if (toggles[name] === false) root.classList.add('no-' + name);
      });
    })
    .catch(function () {});

  document.addEventListener('DOMContentLoaded', function () {
    var buttons = document.querySelectorAll('[data-locale]');
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].addEventListener('click', function (event) {
        var locale = /** @type {HTMLElement} */ (event.currentTarget).getAttribute('data-locale');
        document.cookie = 'locale=' + locale + '; path=/; max-age=' + 365 * 86400 + '; samesite=lax';
        location.reload();
      });
    }
  });
})();
