// The static start screen, before Python: it answers taps at once while Pyodide loads.
// Loaded with `defer` from index.html (no inline script: the Content-Security-Policy forbids it).
//
// index.html arrives with the Danish start screen inside <main id="screen"> and, per language
// ("da", "en"), as <template id="shell-<code>-…">s: the start screen, each game's Regler, the
// splash and the page's own words (data-text): all rendered at build time from the same Python
// modules and catalogues the app renders later (web/app/shell/markup.py, web/app/lang,
// relay/site.py). web/app/shell-lang.js has chosen the language already (and hidden a page that
// arrived in the other one): this file shows the chosen language's templates.
// A button says where it leads with data-go (and data-game for a Regler tab):
//   - Regler, its tabs and Tilbage work here, with no Python;
//   - a game or Indstillinger needs Python: the tap is queued and the splash ("Ryster bægrene…")
//     shows until Python is up.
// A share link (?bord=) or a URL hash naming any other screen shows the splash at once.
// When Python is up, web/app/shell/takeover.py calls bodegaShell.handOver(): from then on this file
// does nothing; Python re-renders what is on show (same markup, focus kept) and runs the queued
// tap. `<html data-shell="ready">` and the mark "bodega:shell" say the start screen answers taps
// (bench/startup.py reads them); then the preload hints of <template id="shell-preload"> go in.
(function () {
  "use strict";
  var root = document.getElementById("screen");
  var html = document.documentElement;
  var state = { screen: root.getAttribute("data-screen") || "start", game: null, queued: null };
  var pythonUp = false;

  // The language, chosen before the first paint by web/app/shell-lang.js (the top of <head>).
  var chosen = window.bodegaLanguage || { arrived: "da", language: "da", show: function () {} };
  var language = chosen.language;

  // -- the screens ---------------------------------------------------------------------------
  function paint(name, screen) {
    var template = document.getElementById("shell-" + language + "-" + name);
    if (!template) return false;
    root.replaceChildren(template.content.cloneNode(true));
    root.setAttribute("data-screen", screen);
    state.screen = screen;
    return true;
  }

  // The page's own words outside the screens (the update banner): data-text="<key>".
  function speakPage() {
    var words = document.getElementById("shell-" + language + "-page");
    if (!words) return;
    var spans = words.content.querySelectorAll("[data-text]");
    for (var i = 0; i < spans.length; i++) {
      var key = spans[i].getAttribute("data-text");
      var targets = document.querySelectorAll('[data-text="' + key + '"]');
      for (var j = 0; j < targets.length; j++) targets[j].textContent = spans[i].textContent;
    }
  }

  function showRegler(game) {
    if (!paint("regler-" + game, "regler")) return;
    state.game = game;
    window.scrollTo(0, 0);
  }

  // A screen that needs Python: remember the tap, show the splash until Python runs it.
  function queue(name, game) {
    state.queued = { name: name, game: game || null };
    paint("splash", "splash");
  }

  function follow(go, game) {
    if (go === "back" || go === "start") paint("start", "start");
    else if (go === "regler") showRegler(game || "snyd");
    else queue(go, game);
  }

  root.addEventListener("click", function (event) {
    if (pythonUp) return;  // Python's own handlers answer now
    var button = event.target.closest ? event.target.closest("[data-go]") : null;
    if (!button || !root.contains(button)) return;
    follow(button.getAttribute("data-go"), button.getAttribute("data-game"));
  });

  // What the URL asks for at load: a share link or a hash (#regler, #tavlen …); else the start
  // screen, which index.html already shows in its own language.
  var wanted = decodeURIComponent(location.hash.replace(/^#\/?/, "")).trim();
  if (/[?&]bord=/.test(location.search)) {
    paint("splash", "splash");
  } else if (wanted === "regler") {
    showRegler("snyd");
  } else if (wanted && wanted !== "start") {
    paint("splash", "splash");
  } else if (language !== chosen.arrived) {
    paint("start", "start");
  }
  if (language !== chosen.arrived) speakPage();
  chosen.show();

  window.bodegaShell = {
    language: language,
    // Python takes over: returns what the static shell shows and the tap it queued, and stops.
    handOver: function () {
      pythonUp = true;
      var active = document.activeElement;
      var focus = active && root.contains(active) ? active.getAttribute("data-testid") : null;
      return { screen: state.screen, game: state.game, queued: state.queued, focus: focus,
               language: language };
    },
  };
  html.setAttribute("data-shell", "ready");
  if (window.performance && performance.mark) performance.mark("bodega:shell");

  // Now start Pyodide's downloads in parallel (modulepreload / preload hints, generated by
  // relay/site.py): added only now, so their fetches and module parsing never delay the above.
  var hints = document.getElementById("shell-preload");
  if (hints) document.head.appendChild(hints.content.cloneNode(true));
})();
