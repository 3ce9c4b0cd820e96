// The ledger page's small JavaScript side: registers the service worker (the site's root is two
// folders up from LANG/ledger/) and offers a new version when one is waiting. It knows no rule;
// site/ledger_glue.py does everything else once Python is live.
(function () {
  "use strict";

  function registerWorker() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(new URL("../../sw.js", location.href)).then(function (reg) {
      function offer(worker) {
        var line = document.querySelector("[data-update]");
        if (!line || !navigator.serviceWorker.controller) return;
        line.hidden = false;
        line.querySelector("button").addEventListener("click", function () {
          worker.postMessage("skip-waiting");
        });
      }
      if (reg.waiting) offer(reg.waiting);
      reg.addEventListener("updatefound", function () {
        var worker = reg.installing;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed") offer(worker);
        });
      });
      var asked = false;
      document.addEventListener("click", function (e) {
        if (e.target.closest && e.target.closest("[data-update-button]")) asked = true;
      });
      navigator.serviceWorker.addEventListener("controllerchange", function () {
        if (asked) location.reload();
      });
    }).catch(function () { /* offline use is a bonus; the page works without it */ });
  }

  document.addEventListener("DOMContentLoaded", function () {
    // The forms never go to a server, before or after Python is live.
    Array.prototype.forEach.call(document.querySelectorAll("form"), function (form) {
      form.addEventListener("submit", function (e) { e.preventDefault(); });
    });
    // Register once Python is live, so the precache does not race the page's own downloads.
    var registered = false;
    function once() { if (!registered) { registered = true; registerWorker(); } }
    window.addEventListener("py:all-done", once);
    window.addEventListener("load", function () { setTimeout(once, 20000); });
  });
})();
