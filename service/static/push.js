// "Notify this browser" on the desk (issue 36): ask the browser's permission, register
// the service worker (/sw.js), subscribe with the server's VAPID public key (the form's
// data-key) and send the subscription with the desk's form (its CSRF token), as any form
// of the desk. The words shown are the page's own (its [data-push] paragraphs); this
// file has none. Without it (or without Push in the browser) the button does nothing.
(function () {
  "use strict";
  var form = document.getElementById("push-form");
  var button = document.getElementById("push-enable");
  if (!form || !button) return;

  function say(state) {
    var notes = document.querySelectorAll("[data-push]");
    for (var i = 0; i < notes.length; i++) {
      notes[i].hidden = notes[i].getAttribute("data-push") !== state;
    }
  }

  function bytes(base64url) {
    var padded = base64url.replace(/-/g, "+").replace(/_/g, "/");
    padded += "====".slice(0, (4 - (padded.length % 4)) % 4);
    var raw = atob(padded);
    var out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }

  function same(a, b) {
    if (!a || !b) return false;
    var x = new Uint8Array(a);
    if (x.length !== b.length) return false;
    for (var i = 0; i < x.length; i++) if (x[i] !== b[i]) return false;
    return true;
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) ||
      !("Notification" in window)) {
    button.disabled = true;
    say("unsupported");
    return;
  }

  button.addEventListener("click", function () {
    var key = bytes(form.getAttribute("data-key"));
    button.disabled = true;
    say("");
    Notification.requestPermission()
      .then(function (permission) {
        if (permission !== "granted") throw { state: "denied" };
        return navigator.serviceWorker.register(form.getAttribute("data-worker"), { scope: "/" });
      })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (registration) {
        var manager = registration.pushManager;
        return manager.getSubscription().then(function (old) {
          // A subscription made for another key (the server's changed) reaches no one.
          if (old && same(old.options.applicationServerKey, key)) return old;
          var gone = old ? old.unsubscribe() : Promise.resolve(true);
          return gone.then(function () {
            return manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
          });
        });
      })
      .then(function (subscription) {
        var json = subscription.toJSON();
        form.elements.endpoint.value = json.endpoint;
        form.elements.p256dh.value = json.keys.p256dh;
        form.elements.auth.value = json.keys.auth;
        form.submit();
      })
      .catch(function (problem) {
        button.disabled = false;
        say(problem && problem.state ? problem.state : "failed");
      });
  });
})();
