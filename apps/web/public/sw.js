// The member site's service worker (docs/member-web.md, "Installable app"). It keeps one thing: the
// offline page with its style and icons, and shows push notices. Pages, scripts and every /api answer go to the network as
// before, so nothing that holds a member's data is ever cached here (the no-store rule stays).
const CACHE = 'jetton-offline-2';
const OFFLINE = ['/offline.html', '/offline.css', '/offline.js', '/favicon.svg', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(OFFLINE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // A page: the network, and the offline page only when there is none.
    event.respondWith(fetch(request).catch(() => caches.match('/offline.html')));
    return;
  }
  if (OFFLINE.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
  }
});

// Push notices (docs/member-web.md, "Push notices"): the server sends a small JSON payload, already in
// the member's language; a tap opens the page it names.
self.addEventListener('push', (event) => {
  let notice = { title: 'Jetton', body: '', url: '/user/home', tag: 'jetton' };
  try {
    notice = { ...notice, ...(event.data ? event.data.json() : {}) };
  } catch {
    // A payload that is not JSON still shows, as text.
    notice.body = event.data ? event.data.text() : '';
  }
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: notice.tag,
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/user/home', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
