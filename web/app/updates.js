// Service worker: offline after one visit. When a new version has installed and waits,
// offer "Ny version – genindlæs"; the click lets it take over and reloads once it controls us.
// Loaded with `defer` from index.html (no inline script: the Content-Security-Policy forbids it).
(function () {
  "use strict";
  if (!("serviceWorker" in navigator)) return;
  var banner = document.getElementById("update-banner");
  var waiting = null;
  function offer(worker) {
    waiting = worker;
    banner.hidden = false;
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
  }).catch(function (err) {
    console.warn("service worker not registered:", err);
  });
})();
