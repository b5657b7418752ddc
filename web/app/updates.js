// Service worker: offline after one visit, and "Ny version – genindlæs" when a new one waits.
// Loaded with `defer` from index.html (no inline script: the Content-Security-Policy forbids it).
//
// An open page must also learn of a new version without navigating (a table at the pub stays
// open all evening): it asks the server again whenever it becomes visible and every half hour.
// The banner's click lets the waiting worker take over; the page reloads once it controls us,
// and the app resumes the unfinished table from local storage.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  var CHECK_EVERY_MS = 30 * 60 * 1000;
  var banner = document.getElementById("update-banner");
  var waiting = null;

  function offer(worker) {
    waiting = worker;
    banner.hidden = false;
  }

  // Ask the server for sw.js; a changed one installs, waits, and `updatefound` offers it.
  // Offline or a hiccup is normal for a phone in a pub: a warning, never an error.
  function check(reg) {
    if (document.visibilityState !== "visible" || reg.installing || reg.waiting) return;
    reg.update().catch(function (err) {
      console.warn("update check failed:", err && err.message ? err.message : err);
    });
  }

  document.getElementById("update-reload").addEventListener("click", function () {
    if (waiting) waiting.postMessage({ type: "SKIP_WAITING" });
    else location.reload();
  });
  var hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    // The first install claims the page: no reload then, only after an accepted update.
    if (hadController) location.reload();
    hadController = true;
  });
  navigator.serviceWorker.register("./sw.js", { scope: "./" }).then(function (reg) {
    if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
    reg.addEventListener("updatefound", function () {
      var worker = reg.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      });
    });
    document.addEventListener("visibilitychange", function () { check(reg); });
    setInterval(function () { check(reg); }, CHECK_EVERY_MS);
  }).catch(function (err) {
    console.warn("service worker not registered:", err);
  });
})();
