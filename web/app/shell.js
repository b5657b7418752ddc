// The static start screen, before Python: it answers taps at once while Pyodide loads.
// A plain script in the middle of index.html's <body> (no inline script: the
// Content-Security-Policy forbids it), after <main> and the templates of the first screen and
// before the Regler templates: it paints what the address asks for (a share link's join form)
// before the rest of the page is parsed and before the first frame. Not `defer`: that waited for
// the whole page (~39 KB, two languages' Regler) and often let the start screen be laid out and
// painted first, then replaced (issue 19).
//
// index.html arrives with the Danish start screen inside <main id="screen"> and, per language
// ("da", "en"), as <template id="shell-<code>-…">s: the start screen, the splash, the page's own
// words (data-text), the join form (before this script) and each game's Regler (after it, so
// there only once the page is parsed: `whenParsed`): all rendered at build time from the same
// Python modules and catalogues the app renders later (web/app/shell/markup.py, web/app/lang,
// relay/site.py). web/app/shell-lang.js has chosen the language already (and hidden a page that
// arrived in the other one): this file shows the chosen language's templates.
// A button says where it leads with data-go (and data-game for a Regler tab):
//   - Regler, its tabs and Tilbage work here, with no Python;
//   - a game or Indstillinger needs Python: the tap is queued and the splash ("Ryster bægrene…")
//     shows until Python is up.
// A share link (?bord=<room>) shows "Sæt dig ved bordet" at once, as the join screen
// (app/friends/join_screen.py) would before anyone answers: the form (the link's game in its first
// line, the remembered name filled in), or the broken link's line; a tap on "Sæt dig" is kept (a
// calm "the table is being laid" line) and Python seats the guest with the name in the field, no
// second tap. A room this phone has a seat at, or knows is closed, shows the splash: Python
// decides. A URL hash naming any other screen than Regler shows the splash at once.
// When Python is up, web/app/shell/takeover.py calls bodegaShell.handOver(): from then on this file
// does nothing; Python re-renders what is on show (same markup, the typed name, focus and caret
// kept) and runs the queued tap. `<html data-shell="ready">` and the mark "bodega:shell" say the start screen answers taps
// (bench/startup.py reads them); after the next frame is painted the preload hints of
// <template id="shell-preload"> go in.
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

  // The Regler templates come after this script: before the page is parsed, wait for them.
  function whenParsed(then) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", then);
    else then();
  }

  function showRegler(game, then) {
    if (!document.getElementById("shell-" + language + "-regler-" + game) &&
        document.readyState === "loading") {
      whenParsed(function () { showRegler(game, then); });
      return;
    }
    if (paint("regler-" + game, "regler")) {
      state.game = game;
      window.scrollTo(0, 0);
    }
    if (then) then();
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
    var action = event.target.closest ? event.target.closest("[data-action]") : null;
    if (action && root.contains(action) && state.screen === "bord") {
      joinAction(action.getAttribute("data-action"));
      return;
    }
    var button = event.target.closest ? event.target.closest("[data-go]") : null;
    if (!button || !root.contains(button)) return;
    follow(button.getAttribute("data-go"), button.getAttribute("data-game"));
  });

  // -- a share link: "Sæt dig ved bordet" ------------------------------------------------------
  // The address is read as app/friends/share_param.py and lobby.py read it (parse_qs with
  // max_num_fields): nothing of it is ever put into HTML, only used to pick a template.
  var BORD = "bord", SPIL = "spil";        // share_param.PARAM, lobby.GAME_PARAM
  var MAX_FIELDS = 32;                     // share_param.MAX_FIELDS
  var ROOM_ID = /^[A-Za-z0-9_-]{22}$/;     // lobby.ROOM_ID
  var NAME_MAX = 20;                       // protocol.NAME_MAX, player_settings.clean_settings
  var SETTINGS_KEY = "bodegabordet.settings";           // saves/local_store.SETTINGS_KEY
  var MAX_SETTINGS_CHARS = 10000;                       // saves/save_guard.MAX_SETTINGS_CHARS
  var SEATS_KEY = "bodegabordet.snyd.friends";          // lobby.SEATS_KEY
  var CLOSED_KEY = "bodegabordet.snyd.friends.closed";  // lobby.CLOSED_KEY
  var join = { typed: null, sit: false, left: false, room: null, seat: null };

  function query(search) { return search.replace(/^\?+/, ""); }

  // share_param.has_bord_param: any of the first fields named "bord", even without a value.
  function hasBordParam(search) {
    var fields = query(search).split("&").slice(0, MAX_FIELDS);
    for (var i = 0; i < fields.length; i++) if (fields[i].split("=")[0] === BORD) return true;
    return false;
  }

  function unquote(text) {
    try {
      return decodeURIComponent(text.replace(/\+/g, " "));
    } catch (error) {
      return text;  // a broken escape: Python keeps it as it is (never a room id or a game)
    }
  }

  // parse_qs(search, max_num_fields=32).get(name, []); null for too many fields (ValueError).
  function values(search, name) {
    var qs = query(search);
    if (!qs) return [];
    var fields = qs.split("&");
    if (fields.length > MAX_FIELDS) return null;
    var found = [];
    for (var i = 0; i < fields.length; i++) {
      var at = fields[i].indexOf("=");
      if (at < 0 || at === fields[i].length - 1) continue;  // no value: not kept
      if (unquote(fields[i].slice(0, at)) === name) found.push(unquote(fields[i].slice(at + 1)));
    }
    return found;
  }

  function one(search, name) {
    var found = values(search, name);
    return found && found.length === 1 ? found[0] : null;
  }

  function stored(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      return null;  // storage switched off: nothing remembered (local_store.read)
    }
  }

  function parsed(key) {
    var text = stored(key);
    if (!text || text.length > MAX_SETTINGS_CHARS) return null;
    try {
      return JSON.parse(text);
    } catch (error) {
      return null;
    }
  }

  // Does Python have something else to say about this room: a seat this phone sits back down
  // in (no form), or a table its host closed (lobby.read_seats, read_closed)?
  function pythonDecides(room) {
    var seats = parsed(SEATS_KEY), closed = parsed(CLOSED_KEY);
    if (seats && typeof seats === "object" && Object.prototype.hasOwnProperty.call(seats, room)) {
      return true;
    }
    return Array.isArray(closed) && closed.indexOf(room) >= 0;
  }

  function words(key) {
    var template = document.getElementById("shell-" + language + "-join-words");
    var span = template && template.content.querySelector('[data-text="' + key + '"]');
    return span ? span.textContent : "";
  }

  // A typed name as protocol.clean_name makes it: Python's whitespace (str.isspace) becomes a
  // plain space, every other control or format character (the bidi overrides, zero-width
  // joiners) is dropped, spaces run together and the ends trimmed. The same rule on both sides:
  // the seat this page asks for before Python is the one Python sits back down in.
  var SPACE = /^[\s\x1c-\x1f\x85]$/u, UNSHOWN = /^\p{C}$/u;
  function cleanName(text) {
    var kept = Array.from(text).map(function (c) {
      if (c !== "\uFEFF" && SPACE.test(c)) return " ";
      return UNSHOWN.test(c) ? "" : c;
    }).join("");
    return kept.split(" ").filter(Boolean).join(" ");
  }

  // The settings' name, as player_settings.clean_settings reads it: the default seat name of
  // any language ("Du", "You") names nobody and is not filled in.
  function rememberedName() {
    var settings = parsed(SETTINGS_KEY);
    var name = settings && typeof settings === "object" ? settings.name : null;
    if (typeof name !== "string") return "";
    name = name.trim();
    if (!name || Array.from(name).length > NAME_MAX) return "";
    var defaults = document.querySelectorAll('template[id$="-join-words"]');
    for (var i = 0; i < defaults.length; i++) {
      var you = defaults[i].content.querySelector('[data-text="shell.you"]');
      if (you && you.textContent === name) return "";
    }
    return name;
  }

  function field() { return root.querySelector('[data-testid="join-name"]'); }

  function showJoin(search) {
    var room = one(search, BORD);
    if (room !== null && !ROOM_ID.test(room)) room = null;
    if (room === null) return paint("join-bad", "bord");
    if (pythonDecides(room)) return paint("splash", "splash");
    join.room = room;
    var game = one(search, SPIL);
    var named = game !== null && /^[a-z]+$/.test(game) &&
      document.getElementById("shell-" + language + "-join-for-" + game);
    if (!paint(named ? "join-for-" + game : "join", "bord")) return false;
    var input = field();
    if (input) input.value = rememberedName();
    return true;
  }

  function say(status, problem) {
    var line = root.querySelector("#join-status"), alert = root.querySelector('[role="alert"]');
    if (line) line.textContent = status;
    if (alert) alert.textContent = problem;
  }

  // "Sæt dig" before Python: kept, and the seat asked for at once (shell-seat.js); Python sits
  // down in that seat, or with the field's name if the host gave none, when it is up;
  // "Til forsiden": the start screen, and Python stays there.
  function joinAction(action) {
    if (action === "home") {
      join.left = true;
      join.sit = false;
      paint("start", "start");
      letPythonStart();
      return;
    }
    if (action !== "sit") return;
    var input = field();
    var name = input ? cleanName(input.value) : "";
    if (!name || Array.from(name).length > NAME_MAX) {  // join_screen: not a name, not kept
      join.sit = false;
      say("", words("friends.join.bad_name"));
      if (input) input.focus();
      return;
    }
    join.sit = true;
    say(words("friends.join.waiting_app"), "");
    var section = root.querySelector('[data-testid="join"]');
    if (section) section.setAttribute("aria-busy", "true");
    join.seat = name;
    askSeat();
  }

  // The join form's name field and buttons, shown or not (hidden, not removed: a bye before
  // Python shows them again, and the take-over still reads what was typed).
  function formShown(section, shown) {
    if (!section) return;
    section.querySelectorAll(".field, .setup-actions").forEach(function (part) {
      part.hidden = !shown;
    });
  }

  // shell-seat.js asks the host for the seat at once; Python sits back down in it once up. A
  // `defer` script: a tap before it ran is asked for when it has (`seatLoaded`).
  function askSeat() {
    if (!window.bodegaSeat || !join.room || !join.seat || !join.sit || pythonUp) return;
    var name = join.seat;
    join.seat = null;
    var asked = window.bodegaSeat.ask(join.room, name, function (gone) {
      if (pythonUp || state.screen !== "bord") return;
      var section = root.querySelector('[data-testid="join"]');
      if (section) section.removeAttribute("aria-busy");
      if (gone) {  // the host removed the seat or closed the table: Python says which, at once
        join.sit = false;
        say("", "");
        formShown(section, true);
        return;
      }
      say(words("friends.join.seated"), "");
      formShown(section, false);  // seated: as Python's join screen, no name or button to tap again
    });
    if (asked) window.bodegaSeat.whenSettled(letPythonStart);
    else letPythonStart();
  }

  // -- Python waits for the friend's tap -------------------------------------------------------
  // Pyodide's first start holds the main thread in one task of seconds (1.9 s at 1x, 6.7 s at
  // 4x CPU here: docs/performance.md): a name typed meanwhile freezes and a tap waits for it.
  // So on a share link's form the loader (web/boot/bodega-pyodide.mjs) asks `pythonMayStart()`
  // and waits until the friend tapped "Sæt dig" and the host answered the seat, went home, or
  // HOLD_MS passed; its downloads (the preload hints) go on meanwhile.
  var HOLD_MS = 8000;
  var mayStart = null, started = null, free = false;
  function letPythonStart() {
    free = true;
    if (started) started();
  }
  function pythonMayStart() {
    if (!mayStart) {
      mayStart = new Promise(function (resolve) { started = resolve; });
      var onForm = state.screen === "bord" && !!field() && !join.left;
      if (free || !onForm) letPythonStart();
      else setTimeout(letPythonStart, HOLD_MS);  // at the latest
    }
    return mayStart;
  }

  // What the URL asks for at load: a share link or a hash (#regler, #tavlen …); else the start
  // screen, which index.html already shows in its own language.
  var wanted = decodeURIComponent(location.hash.replace(/^#\/?/, "")).trim();
  var later = false;  // #regler before its template is parsed: the screen waits, unseen
  if (hasBordParam(location.search)) {
    if (!showJoin(location.search)) paint("splash", "splash");
  } else if (wanted === "regler") {
    root.style.visibility = "hidden";  // no frame of the start screen before Regler
    later = true;
    showRegler("snyd", function () {
      root.style.visibility = "";
      answering();
    });
  } else if (wanted && wanted !== "start") {
    paint("splash", "splash");
  } else if (language !== chosen.arrived) {
    paint("start", "start");
  }
  if (language !== chosen.arrived) speakPage();
  html.removeAttribute("data-first");  // shell-lang.js: a share link's start screen kept unseen
  chosen.show();

  window.bodegaShell = {
    language: language,
    // Python takes over: returns what the static shell shows and the tap it queued, and stops.
    seatLoaded: askSeat,  // shell-seat.js is here (it may come after the tap)
    pythonMayStart: pythonMayStart,  // the loader's wait: see "Python waits for the friend's tap"
    handOver: function () {
      pythonUp = true;
      if (window.bodegaSeat) window.bodegaSeat.handOver();  // a seat asked for: see shell-seat.js
      var active = document.activeElement;
      var focus = active && root.contains(active) ? active.getAttribute("data-testid") : null;
      var caret = focus && typeof active.selectionStart === "number"
        ? [active.selectionStart, active.selectionEnd] : null;
      var input = state.screen === "bord" ? field() : null;
      return { screen: state.screen, game: state.game, queued: state.queued, focus: focus,
               caret: caret, language: language,
               // a share link's form: what is typed, a kept tap on "Sæt dig", or left for home
               join: { typed: input ? input.value : null, sit: join.sit, left: join.left,
                       bye: window.bodegaSeat ? window.bodegaSeat.bye() : null } };
    },
  };
  // The first screen is on the page and answers taps.
  function answering() {
    html.setAttribute("data-shell", "ready");
    if (window.performance && performance.mark) performance.mark("bodega:shell");
  }
  if (!later) answering();

  // Then start Pyodide's downloads in parallel (modulepreload / preload hints, generated by
  // relay/site.py, in <head>): once the first screen is painted (after the next frame), so
  // their fetches and module parsing (~60 ms of main thread at 4× CPU) never delay its first
  // frame; and at the latest when the page is parsed (readyState "interactive" comes before
  // PyScript's module script runs), so Pyodide and PyScript never fetch a file before its hint
  // (a hint after the fetch is a second download and a "preloaded but not used" warning).
  var hinted = false;
  function addHints() {
    if (hinted) return;
    hinted = true;
    var hints = document.getElementById("shell-preload");
    if (hints) document.head.appendChild(hints.content.cloneNode(true));
  }
  if (document.readyState !== "loading") addHints();
  document.addEventListener("readystatechange", addHints);
  if (window.requestAnimationFrame) {
    window.requestAnimationFrame(function () { setTimeout(addHints, 0); });
  }
})();
