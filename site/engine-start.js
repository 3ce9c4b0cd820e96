// The runtime's start, watched from the page's first moment: a classic script at the top of
// templates/_runtime_head.html.j2, inline (build.engine_start), ahead of the runtime's own files,
// so their load errors reach it.
//
// <html data-engine> is "static" in the built page and "ready" once the page's Python has wired
// it. This file sets "failed" when the start cannot finish: a runtime file that did not load (a
// 404, a dropped connection, a half-finished deploy), an "engine:failed" event, PyScript done
// without the page going live (an error in Python, or a module of the app it could not fetch),
// or nothing arriving for STALL_MS. The page then shows its message and a retry
// (templates/_engine_failed.html.j2, shown by style.css); the ledger adds what it keeps on this
// device. A start that was only slow still ends at "ready", which hides all of it again.
//
// Until "ready", a button that needs Python (button.needs-engine) says it is getting ready,
// is aria-disabled and takes no tap (F7): the ledger's start no longer drops one silently.
// This file knows no rule and computes nothing.
(function () {
  "use strict";
  var root = document.documentElement;

  // For the page's Python (site/dom.py's js_call): MicroPython 1.27 cannot catch in Python an
  // error a JavaScript call throws, so a call that may throw (localStorage full or blocked) is
  // made here: target[name](...args), or the property target[name], answered as [true, value]
  // or [false, "Name: message"].
  window.engineCall = function (target, name) {
    try {
      var member = target[name];
      var value = typeof member === "function"
        ? member.apply(target, Array.prototype.slice.call(arguments, 2)) : member;
      return [true, value === undefined ? null : value];
    } catch (error) {
      return [false, String(error && error.name) + ": " + String(error && error.message)];
    }
  };
  // For the calculator's Python: the values of the form's fields named in `names` (a comma-separated
  // list), as one JSON list, a checkbox as "1" or "0", a field the form lacks as null: one call
  // instead of one per field, each of which costs a phone about a tenth of a millisecond.
  // The fields are looked up once per form and list (again if one has left the page).
  var asked = { form: null, names: "", fields: [] };
  window.engineForm = function (form, names) {
    var fields = asked.fields;
    if (asked.form !== form || asked.names !== names || fields.some(function (field) {
      return field && field.isConnected === false; // a radio group's list has no isConnected
    })) {
      fields = names.split(",").map(function (name) { return form.elements.namedItem(name); });
      asked = { form: form, names: names, fields: fields };
    }
    return JSON.stringify(fields.map(function (field) {
      if (!field) return null;
      return field.type === "checkbox" ? (field.checked ? "1" : "0") : field.value;
    }));
  };
  // For the calculator's Python (address.Link.leaving): `handler` called in the capture phase of
  // a pointerdown, focusin or click on an element inside one `selector` matches (a link, the
  // share button); any other tap or key makes no call into Python.
  window.engineLeaving = function (selector, handler) {
    ["pointerdown", "focusin", "click"].forEach(function (kind) {
      window.addEventListener(kind, function (event) {
        var target = event.target;
        if (target && target.closest && target.closest(selector)) handler(event);
      }, true);
    });
  };
  // For the page's Python (site/dom.py's Page.build): `parent`'s children replaced by the nodes a
  // JSON list describes, built here in one call instead of one call per element and attribute
  // (each costs a phone about a tenth of a millisecond). A node is a string (a text node),
  // ["#tile", code] (a copy of the drawing of the tile `code` in `palette`), or
  // [tag, {attribute: value} or null, child...]. Text goes in as text nodes, never as HTML.
  // With `keep`, the children at the start and at the end that the same JSON built the last time
  // (remembered on `parent`) stay as they are and only those between are built again: a tapped
  // tile changes a group or two of a reading, and each tile's drawing copied costs a phone
  // about half a millisecond.
  window.engineBuild = function (parent, spec, palette, keep) {
    var faces = {};
    function make(node) {
      if (typeof node === "string") return document.createTextNode(node);
      if (node[0] === "#tile") {
        var face = faces[node[1]] || (faces[node[1]] =
          palette.querySelector('[data-tile="' + CSS.escape(node[1]) + '"]').firstElementChild);
        return face.cloneNode(true);
      }
      var element = document.createElement(node[0]);
      var attributes = node[1] || {};
      for (var name in attributes) element.setAttribute(name, attributes[name]);
      for (var at = 2; at < node.length; at++) element.appendChild(make(node[at]));
      return element;
    }
    var nodes = JSON.parse(spec);
    var built = keep ? nodes.map(function (node) { return JSON.stringify(node); }) : null;
    var before = parent.engineBuilt;
    parent.engineBuilt = built;
    if (!built || !before || before.length !== parent.childNodes.length) {
      parent.replaceChildren.apply(parent, nodes.map(make));
      return;
    }
    var same = 0, tail = 0;
    while (same < before.length && same < built.length && before[same] === built[same]) same++;
    while (tail < before.length - same && tail < built.length - same &&
           before[before.length - 1 - tail] === built[built.length - 1 - tail]) tail++;
    for (var gone = before.length - same - tail; gone > 0; gone--) parent.removeChild(parent.childNodes[same]);
    var next = parent.childNodes[same] || null;
    for (var at = same; at < built.length - tail; at++) parent.insertBefore(make(nodes[at]), next);
  };
  // For the page's Python (site/dom.py's Storage.keys): every key of `storage`, as JSON.
  window.engineKeys = function (storage) {
    return JSON.stringify(Object.keys(storage));
  };
  // For the page's Python (site/dom.py's Storage.items): the values of the keys `keys` holds
  // (joined by U+001E) in `storage`, joined the same, a missing one as U+001F: one call instead
  // of one per key (a season reads a thousand).
  window.engineItems = function (storage, keys) {
    return keys.split("\u001e").map(function (key) {
      var value = storage.getItem(key);
      return value === null ? "\u001f" : value;
    }).join("\u001e");
  };
  // For the page's Python (site/dom.py's Storage.stamps): for each key `keys` holds (joined by
  // U+001E), "BYTES.CRC" of its value's UTF-8 (its length and CRC-32, as engine/ledger/summary.py's
  // fingerprint writes them), "" where there is none, joined the same: a season checks a thousand
  // stored games against their summaries without carrying their texts into Python.
  var crcTable = null;
  window.engineStamps = function (storage, keys) {
    if (!crcTable) {
      crcTable = new Uint32Array(256);
      for (var n = 0; n < 256; n++) {
        var c = n;
        for (var k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
        crcTable[n] = c >>> 0;
      }
    }
    var encoder = new TextEncoder();
    return keys.split("\u001e").map(function (key) {
      var value = storage.getItem(key);
      if (value === null) return "";
      var bytes = encoder.encode(value), crc = 0xFFFFFFFF;
      for (var at = 0; at < bytes.length; at++) crc = crcTable[(crc ^ bytes[at]) & 0xFF] ^ (crc >>> 8);
      return bytes.length + "." + ((crc ^ 0xFFFFFFFF) >>> 0);
    }).join("\u001e");
  };
  // For the page's Python (site/dom.py's Page.put_texts): each [selector, text] of a JSON list
  // written as the text of the first element the selector matches, in one call.
  window.engineTexts = function (spec) {
    JSON.parse(spec).forEach(function (pair) {
      var element = document.querySelector(pair[0]);
      if (element) element.textContent = pair[1];
    });
  };
  // For the calculator: the fu-and-han rows marked as the user's hand. The rows `marked` matches
  // lose the mark and their tag, the rows `wanted` matches ("": none) get them; one call.
  window.engineMark = function (marked, wanted) {
    function tag(row, shown) {
      if (shown) row.classList.add("mine"); else row.classList.remove("mine");
      var label = row.querySelector("[data-your-hand]");
      if (label) label.hidden = !shown;
    }
    each(marked, function (row) { tag(row, false); });
    if (wanted) each(wanted, function (row) { tag(row, true); });
  };
  // For the page's Python: the timer named `name` restarted, to call `action` after `ms` (no
  // action: only stopped); one call instead of clearTimeout and setTimeout, and no timer id kept.
  var timers = {};
  window.engineLater = function (name, action, ms) {
    clearTimeout(timers[name]);
    timers[name] = action ? setTimeout(action, ms) : 0;
  };
  // Until the page is live, an Error keeps no stack: MicroPython's file system throws one for
  // every file its imports look for and do not find (a hundred or more in a start), and capturing
  // each one's stack cost a phone about a millisecond. Restored once live or failed.
  var stackLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  function restoreStacks() { Error.stackTraceLimit = stackLimit; }
  // Resources arrive all through a normal start, even on a slow phone's first visit (25 s in all);
  // the longest quiet stretch is the engine's own work after the last download, a few seconds.
  var STALL_MS = 60000;
  var RETRY_WAIT_MS = 15000; // the retry's revalidation, at most, before the page reloads anyway
  var timer = 0;
  var broken = []; // the runtime files that failed to load: the retry asks for them afresh

  function state() { return root.getAttribute("data-engine"); }
  function live() { return state() === "ready"; }
  function each(selector, action) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), action);
  }

  function fail() {
    if (live() || state() === "failed") return;
    restoreStacks();
    clearTimeout(timer);
    root.setAttribute("data-engine", "failed");
  }

  // Any file arriving (or an announced step of the loader) counts as progress.
  function progress() {
    if (live() || state() === "failed") return;
    clearTimeout(timer);
    timer = setTimeout(fail, STALL_MS);
  }
  progress();
  if ("PerformanceObserver" in window) {
    try { new PerformanceObserver(progress).observe({ type: "resource" }); } catch (e) { /* timer only */ }
  }
  window.addEventListener("engine:progress", progress);

  // A script or a preloaded runtime file that failed to load (the event does not bubble: caught
  // on its way down). A stylesheet or an image is no reason to give up.
  window.addEventListener("error", function (event) {
    var target = event.target;
    if (!target || target === window || live()) return;
    var url = target.tagName === "SCRIPT" ? target.src
      : target.tagName === "LINK" && /(^|\s)(module)?preload(\s|$)/.test(target.rel) ? target.href : "";
    if (!url) return;
    broken.push(url);
    fail();
  }, true);
  window.addEventListener("engine:failed", fail);
  // PyScript ran the page's script, and the script did not make the page live: it raised.
  window.addEventListener("py:all-done", function () { setTimeout(function () { if (!live()) fail(); }, 0); });

  // ---- the buttons that need Python, until it is live

  function waiting() {
    if (live()) return;
    var box = document.querySelector("[data-engine-failed]");
    var word = box ? box.getAttribute("data-engine-waiting") : "";
    each("button.needs-engine", function (button) {
      if (button.hasAttribute("data-engine-wait")) return;
      button.setAttribute("data-engine-wait", "");
      button.setAttribute("aria-disabled", "true");
      if (!word) return;
      var label = document.createElement("span");
      label.className = "engine-wait";
      label.textContent = word;
      button.appendChild(label);
    });
  }

  function wake() {
    restoreStacks();
    clearTimeout(timer);
    each("[data-engine-wait]", function (button) {
      button.removeAttribute("data-engine-wait");
      button.removeAttribute("aria-disabled");
    });
    each(".engine-wait", function (label) { label.remove(); });
  }

  // Capturing on the window runs before the page's own listeners; an Enter in a field of the
  // form clicks its submit button, so it is stopped here as well.
  window.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-engine-wait]");
    if (!button || live()) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);

  // ---- what the ledger keeps on this device, read without the engine

  function keptGame() {
    try {
      var index = JSON.parse(localStorage.getItem("mahjong-ledger.games") || "null");
      var key = index ? (index.current == null ? "" : "mahjong-ledger.game." + index.current)
        : "mahjong-ledger"; // version 1's one game
      var game = key ? JSON.parse(localStorage.getItem(key) || "null") : null;
      return game && game.record && Array.isArray(game.record.hands) ? game : null;
    } catch (e) {
      return null; // no storage, or a value the engine will have to look at
    }
  }

  function savedAt(text) {
    var when = new Date(text);
    if (isNaN(when.getTime())) return String(text || "");
    return when.toLocaleString(root.lang, {
      year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
    });
  }

  function showKept() {
    var line = document.querySelector("[data-engine-kept]");
    var game = line && keptGame();
    if (!game) return;
    var seats = JSON.parse(line.getAttribute("data-seats"));
    var players = (game.record.rules && game.record.rules.players) === 3 ? 3 : 4;
    var names = [];
    for (var seat = 0; seat < players; seat++) {
      var name = Array.isArray(game.names) ? game.names[seat] : "";
      names.push(typeof name === "string" && name ? name : seats[seat]);
    }
    var words = {
      names: names.join(line.getAttribute("data-joiner")),
      hands: String(game.record.hands.length),
      saved: savedAt(game.saved),
    };
    line.textContent = line.getAttribute(game.ended ? "data-over" : "data-playing")
      .replace(/\{(names|hands|saved)\}/g, function (all, key) { return words[key]; });
    line.hidden = false;
  }

  // ---- the retry: ask again for the runtime's files, past any cached failure, then reload

  function retry(button) {
    if (button.getAttribute("aria-disabled") === "true") return;
    button.setAttribute("aria-disabled", "true");
    button.textContent = button.getAttribute("data-engine-retrying") || button.textContent;
    var urls = broken.slice();
    each("link[rel=preload], link[rel=modulepreload], script[src]", function (element) {
      urls.push(element.href || element.src);
    });
    var asked = urls.filter(function (url, i) { return url && urls.indexOf(url) === i; })
      .map(function (url) {
        return fetch(url, { cache: "no-cache" })
          .then(function (response) { return response.arrayBuffer(); })
          .catch(function () { /* the reload will say so again */ });
      });
    var enough = new Promise(function (resolve) { setTimeout(resolve, RETRY_WAIT_MS); });
    Promise.race([Promise.all(asked), enough]).then(function () { location.reload(); });
  }

  window.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-engine-retry]");
    if (button) retry(button);
  });

  function parsed(action) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", action);
    else action();
  }

  new MutationObserver(function () {
    if (live()) wake();
    else if (state() === "failed") parsed(showKept);
  }).observe(root, { attributes: true, attributeFilter: ["data-engine"] });

  parsed(waiting);
})();
