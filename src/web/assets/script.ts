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
    // waiting: a refetch is due; fetching: one is under way, and a change heard meanwhile
    // (stale: it may have been rendered before that change) asks for another after it.
    var waiting = false, fetching = false, stale = false;
    if (status) status.textContent = status.getAttribute('data-on') || '';
    function refetch() {
      waiting = false;
      fetching = true;
      stale = false;
      fetch(location.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (text) {
          if (!text) return;
          var fresh = new DOMParser().parseFromString(text, 'text/html').getElementById('main');
          if (!fresh) return;
          main.innerHTML = fresh.innerHTML;
          localTimes(main);
          var st = document.querySelector('.live-status');
          if (st) st.textContent = (st.getAttribute('data-updated') || '').replace('{time}', new Date().toLocaleTimeString(document.documentElement.lang));
        })
        .catch(function () {})
        .then(function () {
          fetching = false;
          if (stale) changed();
        });
    }
    function changed() {
      if (fetching) stale = true;
      if (waiting || fetching) return;
      waiting = true;
      setTimeout(refetch, 250);
    }
    source.addEventListener('change', changed);
  }
  document.addEventListener('DOMContentLoaded', function () {
    localTimes(document);
    var main = document.querySelector('main[data-live]');
    if (main) follow(main);
  });
})();
`;
