// On the calculator: the link to the game ledger carries the current hand. The calculator keeps
// its address in step with the form (?han=4&fu=40&win=tsumo...), so the link takes that query
// at the moment it is followed; the ledger reads it into its next-hand form.
(function () {
  "use strict";
  function carry(event) {
    var link = event.target.closest && event.target.closest("[data-ledger-link]");
    if (link) link.href = link.getAttribute("data-ledger-link") + location.search;
  }
  document.addEventListener("click", carry, true);
  document.addEventListener("focusin", carry);
  document.addEventListener("pointerdown", carry, true);
})();
