// A seat before Python (issue 19): a share link's "Sæt dig", tapped on the static join form
// (web/app/shell.js) while Pyodide still loads, asks the host for the seat at once, over the
// relay, without waiting for Python. The friend is seated within a round trip of the tap.
//
// It speaks only the few frames of that: the relay's `join` (docs/relay.md), the peer
// protocol's `hello` without a token, and it reads the host's `welcome` (docs/protocol.md).
// The seat token goes where the Python join screen keeps it (lobby.SEATS_KEY, as
// lobby.remember_seat writes it), so Python, once up, sits back down in that seat with it,
// exactly as after a reload (app/friends/join_screen.py); and a friend who closes the page
// before Python is up still has the seat. Anything else (the host refuses the name, the host is
// away, no WebSocket, a frame that is not what it must be) leaves the seat to Python: shell.js
// keeps the tap and Python sits down as before, saying whatever is wrong in its own words.
//
// Every frame from the relay is outside input: bounded in size before it is parsed, parsed in a
// try, and only an exactly valid `welcome` is believed. Once the host answered, the socket stays
// open (the host sees the seat as here, and pings it: answered) until Python takes over
// (`handOver`, from shell.js's handOver), then it closes and Python's own link says hello
// with the token. A hello already sent when Python takes over is waited for (`whenSettled`):
// a second hello without the token would find the name taken by our own first.
(function () {
  "use strict";
  var TOKEN = /^[A-Za-z0-9_-]{16,64}$/;           // protocol._TOKEN
  var RELAY_FRAME_MAX = 132096;                   // relay_link.RELAY_FRAME_MAX
  var HOST_FRAME_MAX = 65536;                     // protocol.HOST_FRAME_MAX
  var ID_MAX = 2147483647;                        // protocol.ID_MAX
  var SEATS_KEY = "bodegabordet.snyd.friends";    // lobby.SEATS_KEY
  var SEATS_KEPT = 8;                             // lobby.SEATS_KEPT
  var SEATS_MAX_CHARS = 4000;                     // lobby.SEATS_MAX_CHARS
  // A seat asked for (from the tap: the relay's socket, then the hello) and unanswered this
  // long: given up, Python's own link asks. Generous: a host's phone
  // busy or on a slow network answers late, and Python waits for this answer (giving up early
  // would have Python ask again without the token, and find the name taken by our own seat).
  var ANSWER_MS = 20000;
  var PONG_EVERY_MS = 1000;  // at most one pong a second, however often the host pings

  var socket = null;
  // idle | connecting (the relay's socket, until the host is there) | asking (hello sent) |
  // seated | failed. Python's start waits while connecting or asking (whenSettled): its first
  // start holds the main thread for seconds, and the relay's answers would wait behind it.
  var state = "idle";
  var handedOver = false, timer = null, lastPong = 0, waiting = [], bye = null;
  var BYE_REASONS = ["removed", "closed", "replaced"];  // protocol.BYE_REASONS

  function relayUrl() {  // relay_link.relay_url: the relay sits at the origin's root
    return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  }

  // protocol.encode: compact and ASCII-only (a frame's length in characters is its bytes).
  function frame(fields) {
    return JSON.stringify(fields).replace(/[\u007f-\uffff]/g, function (c) {
      return "\\u" + ("0000" + c.charCodeAt(0).toString(16)).slice(-4);
    });
  }

  function object(text, max) {
    if (typeof text !== "string" || text.length > max) return null;
    try {
      var value = JSON.parse(text);
      return value && typeof value === "object" && !Array.isArray(value) ? value : null;
    } catch (error) {
      return null;
    }
  }

  function count(x) { return typeof x === "number" && x % 1 === 0 && x >= 0 && x <= ID_MAX; }

  // protocol FROM_HOST["welcome"]: exactly these fields (seat is a name: a short string).
  function isWelcome(msg) {
    var keys = Object.keys(msg).sort().join(",");
    return keys === "last_act,seat,seq,t,token,v" && msg.v === 1 && typeof msg.seat === "string" &&
      msg.seat.length >= 1 && msg.seat.length <= 80 && typeof msg.token === "string" &&
      TOKEN.test(msg.token) && count(msg.seq) && count(msg.last_act);
  }

  // lobby.remember_seat: this room's seat as the newest entry, the oldest beyond SEATS_KEPT go.
  function remember(room, name, token) {
    var seats = {};
    try {
      var text = window.localStorage.getItem(SEATS_KEY);
      var old = text && text.length <= SEATS_MAX_CHARS ? JSON.parse(text) : null;
      if (old && typeof old === "object" && !Array.isArray(old)) seats = old;
    } catch (error) {
      seats = {};  // unreadable: lobby.read_seats drops it too
    }
    var out = {}, rooms = Object.keys(seats).filter(function (r) { return r !== room; });
    rooms.slice(-(SEATS_KEPT - 1)).forEach(function (r) { out[r] = seats[r]; });
    out[room] = { name: name, token: token };
    try {
      window.localStorage.setItem(SEATS_KEY, JSON.stringify(out));
      return true;
    } catch (error) {
      return false;  // storage switched off: Python keeps the seat for this visit itself
    }
  }

  function forget(room) {  // the seat's token is no use any more (join_screen._forget_seat)
    try {
      var seats = JSON.parse(window.localStorage.getItem(SEATS_KEY) || "{}");
      if (seats && typeof seats === "object" && !Array.isArray(seats)) {
        delete seats[room];
        window.localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
      }
    } catch (error) { /* unreadable or off: lobby.read_seats drops it */ }
  }

  function settle(outcome) {
    if (state === "seated" || state === "failed") return;
    state = outcome;
    clearTimeout(timer);
    if (outcome === "failed" || handedOver) close();
    var callbacks = waiting;
    waiting = [];
    callbacks.forEach(function (callback) { callback(outcome); });
  }

  function close() {
    if (!socket) return;
    var old = socket;
    socket = null;
    old.onmessage = old.onclose = old.onerror = null;
    try { old.close(1000); } catch (error) { /* already closed */ }
  }

  function hello(name) {
    socket.send(frame({ op: "send", data: frame({ v: 1, t: "hello", name: name, token: null }) }));
    state = "asking";
  }

  function fromHost(data, room, name, seated) {
    var msg = object(data, HOST_FRAME_MAX);
    if (!msg || msg.v !== 1) return;
    if (state === "asking" && msg.t === "welcome" && isWelcome(msg)) {
      if (!remember(room, name, msg.token)) return settle("failed");
      settle("seated");
      seated(null);
    } else if (state === "asking" && (msg.t === "error" || msg.t === "bye")) {
      settle("failed");  // refused (name_taken, table_full, started …): Python says why
    } else if (state === "seated" && msg.t === "bye" && BYE_REASONS.indexOf(msg.reason) >= 0) {
      // The seat is gone before Python is up (removed, the table closed): Python says why.
      bye = msg.reason;
      if (bye !== "replaced") forget(room);
      close();
      seated(bye);
    } else if (state === "seated" && msg.t === "ping" && count(msg.n) &&
               Date.now() - lastPong >= PONG_EVERY_MS) {
      lastPong = Date.now();
      socket.send(frame({ op: "send", data: frame({ v: 1, t: "pong", n: msg.n }) }));
    }
  }

  // Ask the host of `room` for a seat as `name`; `seated(null)` once it has given one,
  // `seated(reason)` if the host then says bye to it (before Python is up).
  function ask(room, name, seated) {
    if (state !== "idle" || handedOver || typeof WebSocket !== "function") return false;
    try {
      socket = new WebSocket(relayUrl());
    } catch (error) {
      state = "failed";
      return false;
    }
    state = "connecting";
    timer = setTimeout(function () { settle("failed"); }, ANSWER_MS);
    socket.onopen = function () { socket.send(frame({ op: "join", room: room })); };
    socket.onmessage = function (event) {
      var msg = object(event.data, RELAY_FRAME_MAX);
      if (!msg) return;
      var hostHere = (msg.op === "ready" && msg.host === true) ||
                     (msg.op === "host" && msg.present === true);
      if (hostHere && state === "connecting") {
        hello(name);
      } else if (msg.op === "from" && msg.peer === "host" && typeof msg.data === "string") {
        fromHost(msg.data, room, name, seated);
      } else if (state === "connecting" && msg.op === "ready" && msg.host !== true) {
        settle("failed");  // the host's phone is not there: Python waits for it, in its words
      } else if (msg.op === "host" && msg.present === false && state === "asking") {
        settle("failed");
      }
    };
    socket.onclose = socket.onerror = function () { settle(state === "seated" ? "seated" : "failed"); };
    return true;
  }

  window.bodegaSeat = {
    ask: ask,
    // Python takes over: a seat given or refused closes the socket now; before the hello
    // nothing was asked (Python sits down itself); a hello on its way is waited for.
    handOver: function () {
      handedOver = true;
      if (state === "idle" || state === "connecting") settle("failed");
      else if (state !== "asking") close();
      return state;
    },
    asking: function () { return state === "asking"; },
    bye: function () { return bye; },  // the host's bye to the seat given here, or null
    state: function () { return state; },
    // `callback(outcome)` once the host has answered ("seated" / "failed"); at once if it has.
    whenSettled: function (callback) {
      if (state === "connecting" || state === "asking") waiting.push(callback);
      else callback(state);
    },
  };
  // A tap on "Sæt dig" before this script ran (it is `defer`): shell.js asks now.
  if (window.bodegaShell && window.bodegaShell.seatLoaded) window.bodegaShell.seatLoaded();
})();
