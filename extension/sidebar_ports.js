// The open sidebars (each a runtime port named "sidebar", showing one tab's chat) and
// broadcasting to them.

export const sidebars = new Map(); // port → {tabId}

/** Send to every open sidebar, or only to those showing tabId. */
export function broadcast(msg, tabId = null) {
  for (const [port, info] of sidebars) {
    if (tabId !== null && info.tabId !== tabId) continue;
    try { port.postMessage(msg); } catch { /* closed */ }
  }
}

export function sidebarShows(tabId) {
  return [...sidebars.values()].some((s) => s.tabId === tabId);
}
