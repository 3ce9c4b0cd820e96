// Before Python is live: put a shared link's values into the calculator's form, and mark the
// result cards as pending whenever they no longer match the inputs. On every page (the calculator
// and the ledger) it keeps forms from going to a server and registers the service worker.
// This file knows no rule and computes nothing; the page's Python package takes over once it runs.
(function () {
  "use strict";
  var root = document.documentElement;
  // sw.js sits at the site's root, one folder above this file, whichever page loads it.
  var workerURL = new URL("../sw.js", document.currentScript.src);
  var unplaced = false; // a link value the form cannot hold (an unknown option, say)

  function live() { return root.dataset.engine === "ready"; }

  function differs(field) {
    if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
    if (field.tagName === "SELECT") {
      for (var i = 0; i < field.options.length; i++) {
        if (field.options[i].selected !== field.options[i].defaultSelected) return true;
      }
      return false;
    }
    return field.value !== field.defaultValue;
  }

  function markPending(form) {
    if (live()) return;
    var results = document.getElementById("results");
    var changed = unplaced || Array.prototype.some.call(form.elements, function (f) {
      return f.name && differs(f);
    });
    results.dataset.state = changed ? "pending" : "ok";
  }

  // A value the control cannot show leaves it empty (no radio checked, no option selected), so
  // the user sees that something must be chosen, and choosing it fires an input event.
  function place(form, name, value) {
    var field = form.elements.namedItem(name);
    if (!field) return;
    if (field instanceof RadioNodeList) {
      var hit = false;
      Array.prototype.forEach.call(field, function (radio) {
        radio.checked = radio.value === value;
        hit = hit || radio.checked;
      });
      unplaced = unplaced || !hit;
    } else if (field.type === "checkbox") {
      if (value === "1" || value === "0") field.checked = value === "1";
      else unplaced = true;
    } else if (field.tagName === "SELECT") {
      var found = Array.prototype.some.call(field.options, function (o) { return o.value === value; });
      if (found) field.value = value;
      else { field.selectedIndex = -1; unplaced = true; }
    } else {
      field.value = value;
    }
  }

  function restore(form) {
    unplaced = false;
    var params = new URLSearchParams(location.search);
    var seen = {};
    params.forEach(function (value, name) {
      if (seen[name]) return; // the first value of a repeated key counts, as in the engine
      seen[name] = true;
      place(form, name, value);
    });
    var rules = document.getElementById("table-rules");
    if (rules && Array.prototype.some.call(rules.querySelectorAll("[name]"), differs)) rules.open = true;
  }

  function registerWorker() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(workerURL).then(function (reg) {
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
      // Reload only when the user asked for the new version (the button above).
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
    Array.prototype.forEach.call(document.querySelectorAll("form"), function (each) {
      each.addEventListener("submit", function (e) { e.preventDefault(); });
    });
    // Register once Python is live, so the precache does not race the page's own runtime download.
    var registered = false;
    function once() { if (!registered) { registered = true; registerWorker(); } }
    window.addEventListener("py:all-done", once);
    window.addEventListener("load", function () { setTimeout(once, 20000); });
    var form = document.getElementById("calc");
    if (!form) return;
    restore(form);
    markPending(form);
    form.addEventListener("input", function () { markPending(form); });
    form.addEventListener("change", function () { markPending(form); });
    // The address changed in place (back/forward): the form follows it, from the defaults up.
    window.addEventListener("popstate", function () {
      form.reset();
      restore(form);
      markPending(form);
    });
    root.dataset.boot = "done";
  });
})();
