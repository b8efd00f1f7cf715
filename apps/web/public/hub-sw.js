// The hub's service worker (scope /contact-center): shows the server's push notices and opens the hub view a
// notice names. It caches nothing yet, so every page and answer still comes from the network.
self.addEventListener('push', (event) => {
  let notice = { title: 'Contact Center', body: '', url: '/contact-center' };
  try {
    notice = { ...notice, ...event.data.json() };
  } catch {}
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: '/hub/icon-192.png',
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/contact-center', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname === '/contact-center');
      return open ? open.navigate(url).then((w) => w?.focus()) : self.clients.openWindow(url);
    }),
  );
});
