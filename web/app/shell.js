// The static start screen, before Python: it answers taps at once while Pyodide loads.
// Loaded with `defer` from index.html (no inline script: the Content-Security-Policy forbids it)
// and `blocking="render"`: the browser paints nothing before it has picked the language.
//
// index.html arrives with the Danish start screen inside <main id="screen"> and, per language
// ("da", "en"), as <template id="shell-<code>-…">s: the start screen, each game's Regler, the
// splash and the page's own words (data-text): all rendered at build time from the same Python
// modules and catalogues the app renders later (web/app/shell_markup.py, web/app/lang,
// relay/site.py). The language is the player's setting, else the browser's: exactly
// app.lang.pick_language over what app.player_settings.read_settings makes of localStorage
// (`pickLanguage` below; tests/browser/test_english_start.py compares the two).
// A button says where it leads with data-go (and data-game for a Regler tab):
//   - Regler, its tabs and Tilbage work here, with no Python;
//   - a game or Indstillinger needs Python: the tap is queued and the splash ("Ryster bægrene…")
//     shows until Python is up.
// A share link (?bord=) or a URL hash naming any other screen shows the splash at once.
// When Python is up, web/app/takeover.py calls bodegaShell.handOver(): from then on this file
// does nothing; Python re-renders what is on show (same markup, focus kept) and runs the queued
// tap. `<html data-shell="ready">` and the mark "bodega:shell" say the start screen answers taps
// (bench/startup.py reads them); then the preload hints of <template id="shell-preload"> go in.
(function () {
  "use strict";
  var root = document.getElementById("screen");
  var html = document.documentElement;
  var state = { screen: root.getAttribute("data-screen") || "start", game: null, queued: null };
  var pythonUp = false;

  // -- the language: app.lang.pick_language(read_settings(store)["language"], navigator) -------
  var LANGUAGES = ["da", "en"];            // app/lang/__init__.py LANGUAGES
  var SETTINGS_KEY = "bodegabordet.settings";  // app/local_store.py SETTINGS_KEY
  var MAX_SETTINGS_CHARS = 10000;          // app/save_guard.py: longer settings are unreadable
  var MAX_DEPTH = 32;                      // ... and so are settings nested deeper
  var JSON_STRING = /"[^"\\]*(?:\\[\s\S][^"\\]*)*"/g;  // save_guard._STRING

  // save_guard.nesting_depth: the deepest [/{ nesting outside strings.
  function nestingDepth(text) {
    var brackets = text.replace(JSON_STRING, "").replace(/[^\[\]{}]+/g, "");
    var depth = 0, deepest = 0;
    for (var i = 0; i < brackets.length; i++) {
      depth += brackets[i] === "[" || brackets[i] === "{" ? 1 : -1;
      if (depth > deepest) deepest = depth;
    }
    return deepest;
  }

  // Python's json.loads also reads NaN, Infinity and -Infinity: the same text gives the same
  // settings here (their value never matters, only "language" does).
  function parseLikePython(text) {
    try {
      return JSON.parse(text);
    } catch (error) {
      return JSON.parse(text.replace(new RegExp(JSON_STRING.source + "|-?Infinity|NaN", "g"),
                                     function (match) { return match[0] === '"' ? match : "null"; }));
    }
  }

  // The stored choice ("da"/"en") or null: anything unreadable is no choice (read_settings).
  function storedChoice(text) {
    if (typeof text !== "string") return null;
    // Python counts code points, JavaScript UTF-16 units: count them as Python does.
    if (text.length > MAX_SETTINGS_CHARS && Array.from(text).length > MAX_SETTINGS_CHARS) return null;
    if (nestingDepth(text) > MAX_DEPTH) return null;
    var settings;
    try {
      settings = parseLikePython(text);
    } catch (error) {
      return null;
    }
    if (!settings || typeof settings !== "object" || Array.isArray(settings)) return null;
    if (!Object.prototype.hasOwnProperty.call(settings, "language")) return null;
    return LANGUAGES.indexOf(settings.language) >= 0 ? settings.language : null;
  }

  // The setting if any; else Danish for a browser that lists Danish anywhere, or lists nothing;
  // else English.
  function pickLanguage(storedText, browserLanguages) {
    var setting = storedChoice(storedText);
    if (setting) return setting;
    var wanted = [];
    for (var i = 0; i < (browserLanguages || []).length; i++) {
      if (browserLanguages[i]) wanted.push(String(browserLanguages[i]).toLowerCase());
    }
    if (!wanted.length) return "da";
    for (var j = 0; j < wanted.length; j++) {
      if (wanted[j] === "da" || wanted[j].indexOf("da-") === 0) return "da";
    }
    return "en";
  }

  function storedSettings() {
    try {
      return window.localStorage.getItem(SETTINGS_KEY);
    } catch (error) {
      return null;  // storage switched off: no choice, as in Python (local_store.read)
    }
  }

  function navigatorLanguages() {  // as app/lang/choice.py asks the browser
    var list = navigator.languages;
    return list && list.length ? Array.prototype.slice.call(list) : [navigator.language || ""];
  }

  var pageLanguage = html.getAttribute("lang") || "da";  // what index.html shows as it arrives
  var language = pickLanguage(storedSettings(), navigatorLanguages());
  html.setAttribute("lang", language);

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
  } else if (language !== pageLanguage) {
    paint("start", "start");
  }
  if (language !== pageLanguage) speakPage();

  window.bodegaShell = {
    language: language,
    pickLanguage: pickLanguage,  // for tests: the rule above, on any stored text and languages
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
