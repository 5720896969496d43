// The page / selection / link context menu: "Ask Tabmate about selection" plus one entry per
// saved prompt the user marked "In the context menu" (Settings → Saved prompts). The list of
// those prompts comes from the helper's settings; a copy of their ids and titles is kept in
// storage.local so the menu is there again after a browser restart, before the helper runs.

import { request } from "./native_port.js";

const api = globalThis.browser ?? globalThis.chrome;
const PREFIX = "tabmate-prompt:";
let shown = []; // [{id, title}] the prompt entries in the menu now
let onPick = (_tab, _item) => {};

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function build(entries) {
  shown = entries;
  api.contextMenus.removeAll(() => {
    void api.runtime.lastError;
    api.contextMenus.create({ id: "tabmate-ask-selection", title: "Ask Tabmate about selection", contexts: ["selection"] });
    for (const p of entries) {
      api.contextMenus.create({ id: PREFIX + p.id, title: p.title, contexts: ["page", "selection", "link"] });
    }
  });
}

/** The saved prompts (any list with {id, title, menu}): rebuild the menu if its entries changed. */
export function setMenuPrompts(prompts) {
  const entries = (prompts ?? []).filter((p) => p.menu).map((p) => ({ id: p.id, title: p.title }));
  if (same(entries, shown)) return;
  build(entries);
  api.storage.local.set({ menuPrompts: entries }).catch(() => {});
}

/** Ask the helper for the current library (when it connects). */
export async function refreshMenus() {
  try {
    const reply = await request({ type: "get_settings" }, 15000);
    setMenuPrompts(reply.settings.prompts);
  } catch { /* the helper is not there: keep the saved menu */ }
}

/** At start-up: the menu as it was saved. */
export async function restoreMenus() {
  const saved = await api.storage.local.get("menuPrompts").catch(() => ({}));
  build(saved?.menuPrompts ?? [{ id: "summarize", title: "Summarize this page" }]);
}

/** What a click on an entry asks for: {text, action?, prompt?, title?, selection}. */
export function menuItem(info) {
  const selection = info.selectionText ?? null;
  if (info.menuItemId === "tabmate-ask-selection") {
    // the selection goes with the page, fenced as page data — never into the user's own words
    return { action: "explain_selection", selection, text: "" };
  }
  const id = String(info.menuItemId).startsWith(PREFIX) ? String(info.menuItemId).slice(PREFIX.length) : null;
  if (!id) return null;
  const entry = shown.find((p) => p.id === id) ?? { id, title: id };
  // on a link the link is what the user means; the selection travels with the page snapshot
  return { prompt: entry.id, title: entry.title, selection, text: info.linkUrl ? `Link: ${info.linkUrl}` : "" };
}

/** background.js: what to do with a picked entry (open the sidebar, start the chat). */
export function onMenuPick(fn) {
  onPick = fn;
}

export function menuClicked(info, tab) {
  if (!tab?.id) return;
  const item = menuItem(info);
  if (item) onPick(tab, item);
}

/** The entries now in the menu (for the background console and tests). */
export function menuEntries() {
  return shown.map((p) => ({ ...p, menuId: PREFIX + p.id }));
}

api.contextMenus.onClicked.addListener(menuClicked);
// a restarted service worker keeps the browser's menu: know its entries again
api.storage.local.get("menuPrompts").then((s) => { if (!shown.length) shown = s?.menuPrompts ?? []; }, () => {});
