// Talking to a tab's page through the content script (content.js, injected on demand):
// snapshots of the page and element actions, plus waiting for a tab to finish loading.

const api = globalThis.browser ?? globalThis.chrome;

async function inject(tabId) {
  await api.scripting.executeScript({ target: { tabId }, files: ["content.js"] });
}

/** Run one content-script operation (snapshot, describe, selection, click, fill, scroll). */
export async function inTab(tabId, op, args = {}) {
  await inject(tabId);
  const reply = await api.tabs.sendMessage(tabId, { tabmate: 1, op, args });
  if (!reply) throw new Error("the page did not answer");
  if (!reply.ok) throw new Error(reply.error);
  return reply.result;
}

/** The PageSnapshot the host expects (see CONTRACT.md). */
export async function pageSnapshot(tabId) {
  const snap = await inTab(tabId, "snapshot");
  return {
    url: snap.url, title: snap.title, html: snap.html, text: snap.text,
    selection: snap.selection, lang: snap.lang, tab_id: tabId,
  };
}

/** Just the URL and title, for pages the content script cannot run in. */
export async function basicPage(tabId) {
  try {
    const tab = await api.tabs.get(tabId);
    return { url: tab.url ?? "", title: tab.title ?? "", tab_id: tabId };
  } catch {
    return null;
  }
}

/**
 * Resolves when the tab reports status "complete" or after timeoutMs, whichever is first.
 * alreadyLoaded: also resolve if the tab has finished loading an http(s) page by the time we
 * listen (a new tab may load before the listener is added); leave it off when the tab is
 * about to navigate away from a page that is already complete.
 */
export function waitForLoad(tabId, timeoutMs = 15000, { alreadyLoaded = false } = {}) {
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); api.tabs.onUpdated.removeListener(listener); resolve(); };
    const listener = (id, info) => { if (id === tabId && info.status === "complete") done(); };
    const timer = setTimeout(done, timeoutMs);
    api.tabs.onUpdated.addListener(listener);
    if (alreadyLoaded) {
      api.tabs.get(tabId).then((tab) => {
        if (tab.status === "complete" && /^https?:/.test(tab.url ?? "")) done();
      }, done); // the tab is gone: nothing to wait for
    }
  });
}
