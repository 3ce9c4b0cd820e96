// The language chooser: send a visitor straight to the page in their browser's language.
(function () {
  var wanted = (navigator.languages || [navigator.language || ""]).map(function (l) {
    return String(l).slice(0, 2).toLowerCase();
  });
  for (var i = 0; i < wanted.length; i++) {
    if (wanted[i] === "ko" || wanted[i] === "ja") {
      location.replace(wanted[i] + "/");
      return;
    }
  }
})();
