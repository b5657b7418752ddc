// The static start screen, before Python: it answers taps at once while Pyodide loads.
// Loaded with `defer` from index.html (no inline script: the Content-Security-Policy forbids it).
//
// index.html arrives with the start screen inside <main id="screen"> and, as <template>s, the
// start screen again, each game's Regler and the splash: all rendered at build time from the same
// Python modules the app renders later (web/app/shell_markup.py, relay/site.py). A button says
// where it leads with data-go (and data-game for a Regler tab):
//   - Regler, its tabs and Tilbage work here, with no Python;
//   - a game or Indstillinger needs Python: the tap is queued and the splash ("Ryster bægrene…")
//     shows until Python is up.
// A share link (?bord=) or a URL hash naming any other screen shows the splash at once.
// When Python is up, web/app/takeover.py calls bodegaShell.handOver(): from then on this file
// does nothing; Python re-renders what is on show (same markup, focus kept) and runs the queued
// tap. `<html data-shell="ready">` and the mark "bodega:shell" say the start screen answers taps
// (bench/startup.py reads them).
(function () {
  "use strict";
  var root = document.getElementById("screen");
  var html = document.documentElement;
  var state = { screen: root.getAttribute("data-screen") || "start", game: null, queued: null };
  var pythonUp = false;

  function paint(templateId, screen) {
    var template = document.getElementById(templateId);
    if (!template) return false;
    root.replaceChildren(template.content.cloneNode(true));
    root.setAttribute("data-screen", screen);
    state.screen = screen;
    return true;
  }

  function showRegler(game) {
    if (!paint("shell-regler-" + game, "regler")) return;
    state.game = game;
    window.scrollTo(0, 0);
  }

  // A screen that needs Python: remember the tap, show the splash until Python runs it.
  function queue(name, game) {
    state.queued = { name: name, game: game || null };
    paint("shell-splash", "splash");
  }

  function follow(go, game) {
    if (go === "back" || go === "start") paint("shell-start", "start");
    else if (go === "regler") showRegler(game || "snyd");
    else queue(go, game);
  }

  root.addEventListener("click", function (event) {
    if (pythonUp) return;  // Python's own handlers answer now
    var button = event.target.closest ? event.target.closest("[data-go]") : null;
    if (!button || !root.contains(button)) return;
    follow(button.getAttribute("data-go"), button.getAttribute("data-game"));
  });

  // What the URL asks for at load: a share link or a hash (#regler, #tavlen …).
  var wanted = decodeURIComponent(location.hash.replace(/^#\/?/, "")).trim();
  if (/[?&]bord=/.test(location.search)) {
    paint("shell-splash", "splash");
  } else if (wanted === "regler") {
    showRegler("snyd");
  } else if (wanted && wanted !== "start") {
    paint("shell-splash", "splash");
  }

  window.bodegaShell = {
    // Python takes over: returns what the static shell shows and the tap it queued, and stops.
    handOver: function () {
      pythonUp = true;
      var active = document.activeElement;
      var focus = active && root.contains(active) ? active.getAttribute("data-testid") : null;
      return { screen: state.screen, game: state.game, queued: state.queued, focus: focus };
    },
  };
  html.setAttribute("data-shell", "ready");
  if (window.performance && performance.mark) performance.mark("bodega:shell");
})();
