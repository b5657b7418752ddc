// The language of the page, chosen before anything is painted: Danish or English.
// Loaded as a plain (parser-blocking) script at the top of <head>, before the stylesheets, so it
// waits for nothing else and runs before the body exists: it sets <html lang>, and on a page that
// arrives in another language than the one chosen it hides the page until web/app/shell.js has
// put the chosen language's start screen in (no frame of the wrong language, and no cost for the
// page's own language: Danish, the default). A 3 s fallback shows the page whatever happens.
//
// The rule is exactly app.lang.pick_language over what app.home.player_settings.read_settings makes
// of localStorage: the player's setting, else Danish for a browser that lists Danish anywhere
// or lists nothing, else English (tests/browser/test_english_start.py compares the two on many
// stored texts and browser lists). Python makes the same choice again (app/lang/choice.py).
(function () {
  "use strict";
  var html = document.documentElement;
  var LANGUAGES = ["da", "en"];            // app/lang/__init__.py LANGUAGES
  var SETTINGS_KEY = "bodegabordet.settings";  // app/saves/local_store.py SETTINGS_KEY
  var MAX_SETTINGS_CHARS = 10000;          // app/saves/save_guard.py: longer settings are unreadable
  var MAX_DEPTH = 32;                      // save_guard.MAX_DEPTH: ... and so are settings nested deeper
  var JSON_STRING = /"[^"\\]*(?:\\[\s\S][^"\\]*)*"/g;  // save_guard._STRING
  var BORD = "bord";                       // app/friends/share_param.py PARAM
  var MAX_FIELDS = 32;                     // share_param.MAX_FIELDS

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

  // A share link (?bord=…, any of the first fields: shell.js hasBordParam) shows its join form,
  // not the start screen index.html arrives with: `<html data-first="join">` keeps the start
  // screen out of layout and off the screen (shell.css) until shell.js has painted the form and
  // drops the attribute (so no frame of the start screen while shell.js is on its way, and no
  // layout of it at all). A 3 s fallback drops it whatever happens.
  var fields = location.search.replace(/^\?+/, "").split("&").slice(0, MAX_FIELDS);
  for (var f = 0; f < fields.length; f++) {
    if (fields[f].split("=")[0] === BORD) {
      html.setAttribute("data-first", "join");
      setTimeout(function () { html.removeAttribute("data-first"); }, 3000);
      break;
    }
  }

  var arrived = html.getAttribute("lang") || "da";  // what index.html shows as it arrives
  var language = pickLanguage(storedSettings(), navigatorLanguages());
  html.setAttribute("lang", language);
  if (language !== arrived) {
    html.style.visibility = "hidden";  // until shell.js shows this language (`show`)
    setTimeout(show, 3000);
  }

  function show() {
    html.style.visibility = "";
  }

  window.bodegaLanguage = {
    arrived: arrived,      // the language of the page's own markup (its <main>)
    language: language,    // the one to show: shell.js paints its templates
    show: show,            // shell.js: the chosen language is on the page
    pickLanguage: pickLanguage,  // for tests: the rule above, on any stored text and languages
  };
})();
