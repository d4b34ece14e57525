/**
 * The pages' only script, small and optional: pages are complete without it. It follows a
 * session's changes (server-sent events from /live/sessions/:id) and swaps in the fresh main
 * content, and shows instants in the reader's own time zone.
 */
export const SCRIPT = `(function () {
  'use strict';
  function localTimes(root) {
    root.querySelectorAll('time[data-local]').forEach(function (el) {
      var d = new Date(el.getAttribute('datetime'));
      if (isNaN(d)) return;
      el.textContent = new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
    });
  }
  function follow(main) {
    if (!window.EventSource || !window.fetch || !window.DOMParser) return;
    var status = document.querySelector('.live-status');
    var source = new EventSource(main.getAttribute('data-live'));
    var pending = false;
    if (status) status.textContent = status.getAttribute('data-on') || '';
    source.addEventListener('change', function () {
      if (pending) return;
      pending = true;
      setTimeout(function () {
        fetch(location.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' })
          .then(function (r) { return r.ok ? r.text() : null; })
          .then(function (text) {
            pending = false;
            if (!text) return;
            var fresh = new DOMParser().parseFromString(text, 'text/html').getElementById('main');
            if (!fresh) return;
            main.innerHTML = fresh.innerHTML;
            localTimes(main);
            var st = document.querySelector('.live-status');
            if (st) st.textContent = (st.getAttribute('data-updated') || '').replace('{time}', new Date().toLocaleTimeString(document.documentElement.lang));
          })
          .catch(function () { pending = false; });
      }, 250);
    });
  }
  document.addEventListener('DOMContentLoaded', function () {
    localTimes(document);
    var main = document.querySelector('main[data-live]');
    if (main) follow(main);
  });
})();
`;
