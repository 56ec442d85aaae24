// The public page's only script: link confirmation, the age gate and the click beacon.
(function () {
  var AGE_KEY = "lb_age_verified";
  var confirmDialog = document.getElementById("lb-confirm");
  var ageDialog = document.getElementById("lb-age");
  var held = null;

  function beacon(link) {
    var url = "/api/v1/links/" + encodeURIComponent(link.dataset.linkId) + "/click/";
    var body = JSON.stringify({ referrer: location.href });
    if (!(navigator.sendBeacon && navigator.sendBeacon(url, new Blob([body], { type: "application/json" })))) {
      fetch(url, { method: "POST", body: body, keepalive: true, headers: { "content-type": "application/json" } });
    }
  }

  function open(link) {
    beacon(link);
    window.open(link.href, "_blank", "noopener,noreferrer");
  }

  function ageVerified() {
    try { return sessionStorage.getItem(AGE_KEY) === "1"; } catch { return false; }
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-link-id]");
    if (!link || event.defaultPrevented) return;
    event.preventDefault();
    held = link;
    if (link.dataset.adult && !ageVerified()) return ageDialog.showModal();
    confirmDialog.querySelector("[data-slot=title]").textContent = link.dataset.title;
    confirmDialog.showModal();
  });

  confirmDialog.addEventListener("close", function () {
    if (confirmDialog.returnValue === "open" && held) open(held);
    held = null;
    confirmDialog.returnValue = "";
  });

  ageDialog.addEventListener("cancel", function (event) { event.preventDefault(); });
  ageDialog.addEventListener("close", function () {
    if (ageDialog.returnValue === "confirm" && held) {
      try { sessionStorage.setItem(AGE_KEY, "1"); } catch { /* storage blocked: the gate asks again next time */ }
      open(held);
    }
    held = null;
    ageDialog.returnValue = "";
  });
  // A click on the confirmation's backdrop closes it; the age gate ignores outside clicks (spec).
  confirmDialog.addEventListener("click", function (event) { if (event.target === confirmDialog) confirmDialog.close(); });

  var music = document.getElementById("lb-music");
  if (music) {
    var toggle = document.getElementById("lb-music-toggle");
    var player = music.tagName === "AUDIO" ? music : null;
    var volume = Number(music.dataset.volume || 50);
    var playing = false;
    function command(name, args) {
      if (music.contentWindow) music.contentWindow.postMessage(JSON.stringify({ event: "command", func: name, args: args || [] }), "*");
    }
    function set(on) {
      playing = on;
      if (player) {
        player.volume = volume / 100;
        if (on) player.play().catch(function () { set(false); });
        else player.pause();
      }
      else { command("setVolume", [volume]); command(on ? "playVideo" : "pauseVideo"); }
      toggle.setAttribute("aria-pressed", String(on));
      toggle.textContent = on ? "❚❚ Pause music" : "♪ Play music";
    }
    toggle.addEventListener("click", function () { set(!playing); });
    if (music.dataset.autoplay) {
      if (player) set(true);
      else music.addEventListener("load", function () { setTimeout(function () { set(true); }, 500); });
    }
  }
})();
