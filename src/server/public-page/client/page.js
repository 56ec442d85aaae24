// The public page's only script: link confirmation (when the creator asks for it), the age gate, players, the click beacon and the sign-up block's answer in place.
(function () {
  // A visit through the QR code is already counted as such; the marker leaves the address bar.
  var query = new URLSearchParams(location.search);
  var viaQrCode = query.get("ref") === "qr";
  if (viaQrCode) {
    query.delete("ref");
    var rest = query.toString();
    history.replaceState(history.state, "", location.pathname + (rest ? "?" + rest : "") + location.hash);
  }

  var AGE_KEY = "lb_age_verified";
  var confirmDialog = document.getElementById("lb-confirm");
  var ageDialog = document.getElementById("lb-age");
  // The links a dialog was opened for, oldest first. A close event is queued after its closing, and
  // keyboard input is handled ahead of queued events, so Esc then Enter can reopen the dialog for
  // a link before the first closing's event runs: each event answers for its own opening.
  var shownFor = new Map();

  function beacon(link) {
    var url = "/api/v1/links/" + encodeURIComponent(link.dataset.linkId) + "/click/";
    // Where the visitor came from (as the page view counted it), and the page's address for its utm_*.
    var body = JSON.stringify({ referrer: document.referrer, page: location.href, qr: viaQrCode });
    if (!(navigator.sendBeacon && navigator.sendBeacon(url, new Blob([body], { type: "application/json" })))) {
      fetch(url, { method: "POST", body: body, keepalive: true, headers: { "content-type": "application/json" } });
    }
  }

  function ageVerified() {
    try {
      return sessionStorage.getItem(AGE_KEY) === "1";
    } catch {
      return false;
    }
  }

  // What opening the link does, in the confirmation's words: a website, or the mail or phone app.
  var OPENS = {
    "mailto:": { lead: "This opens your email app to write to", button: "Open email app" },
    "tel:": { lead: "This opens your phone app to call", button: "Open phone app" },
  };
  var WEBSITE = { lead: "You're about to visit", button: "Open link" };

  function fill(dialog, slot, text) {
    var element = dialog.querySelector("[data-slot=" + slot + "]");
    if (element) element.textContent = text;
  }

  function show(dialog, link) {
    var url = new URL(link.href);
    var opens = OPENS[url.protocol] || WEBSITE;
    fill(dialog, "title", link.dataset.title);
    fill(dialog, "host", url.host || decodeURIComponent(url.pathname));
    fill(dialog, "lead", opens.lead);
    fill(dialog, "open", opens.button);
    shownFor.get(dialog).push(link);
    dialog.showModal();
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-link-id]");
    if (!link || event.defaultPrevented) return;
    if (link.dataset.adult && !ageVerified()) show(ageDialog, link);
    else if (confirmDialog) show(confirmDialog, link);
    // Without the confirmation the browser follows the link itself; the click is still counted.
    else return beacon(link);
    event.preventDefault();
  });

  // A player's stand-in becomes the provider's player only when play is pressed; the play counts as a
  // click (docs/creators.md#video-and-music-players). Its address was built by the server from the parsed item.
  document.addEventListener("click", function (event) {
    var play = event.target.closest && event.target.closest(".lb-embed-play");
    if (!play) return;
    var embed = play.closest(".lb-embed");
    var frame = document.createElement("iframe");
    frame.src = embed.dataset.embedSrc;
    frame.title = embed.dataset.embedTitle;
    frame.allow = embed.dataset.embedAllow;
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    play.parentNode.replaceChildren(frame);
    frame.focus();
    beacon(embed);
  });

  // Closing (a button, Esc, the backdrop) opens the link only when the dialog's yes was chosen;
  // focus goes back to it unless the dialog is open again.
  function onClose(dialog, yes, before) {
    shownFor.set(dialog, []);
    dialog.addEventListener("close", function () {
      var link = shownFor.get(dialog).shift();
      var chosen = dialog.returnValue === yes;
      dialog.returnValue = "";
      if (!link) return;
      if (chosen) {
        if (before) before();
        beacon(link);
        window.open(link.href, "_blank", "noopener,noreferrer");
      }
      if (!dialog.open) link.focus();
    });
    // Tab and Shift+Tab cycle through the dialog's buttons.
    dialog.addEventListener("keydown", function (event) {
      var buttons = dialog.querySelectorAll("button");
      var edge = buttons[event.shiftKey ? 0 : buttons.length - 1];
      if (event.key === "Tab" && document.activeElement === edge) {
        event.preventDefault();
        buttons[event.shiftKey ? buttons.length - 1 : 0].focus();
      }
    });
  }
  onClose(ageDialog, "confirm", function () {
    try {
      sessionStorage.setItem(AGE_KEY, "1");
    } catch {
      /* storage blocked: the gate asks again next time */
    }
  });
  if (confirmDialog) {
    onClose(confirmDialog, "open");
    // A click on the confirmation's backdrop closes it; the age gate ignores clicks outside.
    confirmDialog.addEventListener("click", function (event) {
      if (event.target === confirmDialog) confirmDialog.close();
    });
  }

  // The sign-up form works without this; with it, the answer shows in place, and the sign-up keeps
  // where the visitor came from (the page sends no referrer of its own).
  var signup = document.querySelector("form[data-signup]");
  if (signup) {
    signup.addEventListener("submit", function (event) {
      event.preventDefault();
      var status = signup.querySelector(".lb-signup-status");
      var button = signup.querySelector("button[type=submit]");
      var body = new URLSearchParams(new FormData(signup));
      body.set("referrer", document.referrer);
      body.set("page", location.href);
      button.disabled = true;
      fetch(signup.action, { method: "POST", body: body, headers: { accept: "application/json" } })
        .then(function (answer) {
          return answer.json().then(function (data) {
            status.textContent = answer.ok ? status.dataset.success : data.detail || "Something went wrong. Please try again.";
            if (answer.ok) signup.reset();
          });
        })
        .catch(function () {
          status.textContent = "Something went wrong. Please try again.";
        })
        .finally(function () {
          button.disabled = false;
        });
    });
  }

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
        if (on)
          player.play().catch(function () {
            set(false);
          });
        else player.pause();
      } else {
        command("setVolume", [volume]);
        command(on ? "playVideo" : "pauseVideo");
      }
      toggle.setAttribute("aria-pressed", String(on));
      toggle.textContent = on ? "❚❚ Pause music" : "♪ Play music";
    }
    toggle.addEventListener("click", function () {
      set(!playing);
    });
    if (music.dataset.autoplay) {
      if (player) set(true);
      else
        music.addEventListener("load", function () {
          setTimeout(function () {
            set(true);
          }, 500);
        });
    }
  }
})();
