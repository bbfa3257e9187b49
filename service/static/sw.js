// The service worker of Web Push (issue 36): it only shows the notifications our push
// messages carry, and opens a notification's turn page when it is clicked. No fetch
// handler, no cache: every page still comes from the network. The words it shows come in
// the message, already in the reader's language; this file has none.
"use strict";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

// A URL of this site only (a message's "url" or "icon"); anything else is null.
function ours(raw) {
  if (typeof raw !== "string" || !raw) return null;
  try {
    var url = new URL(raw, self.location.origin);
    return url.origin === self.location.origin ? url.href : null;
  } catch (e) {
    return null;
  }
}

function text(value) {
  return typeof value === "string" ? value : "";
}

self.addEventListener("push", function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = {};
  }
  if (!data || typeof data !== "object") data = {};
  var options = {
    body: text(data.body),
    tag: text(data.tag) || "pbem",
    renotify: true, // a newer turn of the same game replaces the older, and still alerts
    data: { url: ours(data.url) },
  };
  var icon = ours(data.icon);
  if (icon) options.icon = icon;
  event.waitUntil(
    self.registration.showNotification(text(data.title) || self.location.host, options)
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = ours(event.notification.data && event.notification.data.url);
  if (!url) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (open) {
      for (var i = 0; i < open.length; i++) {
        if (open[i].url === url && "focus" in open[i]) return open[i].focus();
      }
      return self.clients.openWindow(url);
    })
  );
});
