// The new-game form (issue 20): only the chosen game's options are shown, and the time
// zone starts as the browser's own when the list knows it. Without this file every
// game's options show, each under its game's name, and the zone is UTC.
(function () {
  "use strict";
  var game = document.getElementById("game");
  var sets = document.querySelectorAll("fieldset[data-game]");
  function show() {
    for (var i = 0; i < sets.length; i++) {
      var mine = sets[i].getAttribute("data-game") === game.value;
      sets[i].hidden = !mine;
      sets[i].disabled = !mine;
    }
  }
  if (game) { game.addEventListener("change", show); show(); }
  var zone = document.getElementById("timezone");
  if (zone && !zone.value) {
    try {
      var z = Intl.DateTimeFormat().resolvedOptions().timeZone;
      var known = document.querySelectorAll("#zones option");
      for (var j = 0; j < known.length; j++) {
        if (known[j].value === z) { zone.value = z; break; }
      }
    } catch (e) { /* no Intl: UTC */ }
  }
})();
