// Who may talk to the background as "the sidebar", and what it may pass on to the helper.
// Content scripts share the extension's id (sender.id) and can open runtime ports, so the
// id alone proves nothing: a sidebar is a page of ours — sender.url is sidebar.html — shown
// in the side panel (no sender.tab) or, for tests and "open in a tab", in a tab that shows
// that same page. A content script's sender.url is the web page it runs in, never ours,
// and sidebar.html is not web-accessible, so no web page can frame it.
// The helper's requests are allow-listed: chat traffic, tool results and confirmations go
// through the background's own handlers, never through the sidebar's passthrough.

const api = globalThis.browser ?? globalThis.chrome;
const SIDEBAR_URL = api.runtime.getURL("sidebar.html");
const OWN_ORIGIN = new URL(SIDEBAR_URL).origin;

/** Message types the sidebar may send to the helper as a plain request/reply. */
export const HOST_REQUESTS = new Set([
  "ping", "get_settings", "set_settings", "test_connection", "list_models", "clear",
  "history_list", "history_get", "history_export", "history_delete", "history_rename", "mcp_status",
]);

const bare = (url) => String(url ?? "").split(/[?#]/)[0];

/** True only for our sidebar page (a port's or message's `sender`). */
export function fromSidebar(sender) {
  if (!sender || sender.id !== api.runtime.id) return false;
  if (bare(sender.url) !== SIDEBAR_URL) return false;
  if (sender.origin !== undefined && sender.origin !== OWN_ORIGIN) return false;
  if (sender.tab && bare(sender.tab.url) !== SIDEBAR_URL) return false;
  return true;
}

/** Throws unless `msg` is a request the sidebar may pass on to the helper. */
export function checkHostRequest(msg) {
  if (!msg || typeof msg !== "object" || !HOST_REQUESTS.has(msg.type)) {
    throw new Error(`The sidebar may not send "${String(msg?.type)}" to Tabmate's helper.`);
  }
  return msg;
}

// Session state (chats, pending confirmations) is for our own pages only (the Chromium
// default, made explicit); nothing Tabmate reads from storage.local decides where data goes.
try { api.storage.session?.setAccessLevel?.({ accessLevel: "TRUSTED_CONTEXTS" })?.catch?.(() => {}); } catch { /* Firefox */ }
