// The browser tools the helper's model may call (CONTRACT.md: get_page, get_selection,
// search_web, open_url, click_element, fill_input, scroll, draft_email): each tool_request
// runs in the tab its chat is about and is answered with a tool_result.

import { screenshotOf } from "./capture.js";
import { showDraft } from "./chat_drafts.js";
import { chatTab } from "./chats.js";
import { agentTab } from "./confirms.js";
import { post } from "./native_port.js";
import { inTab, pageSnapshot, waitForLoad } from "./tab_content.js";
import { clip } from "./text.js";

const api = globalThis.browser ?? globalThis.chrome;

// search_web opens the results in a new background tab next to the chat's tab and reads it
// like get_page does; the tab stays open so the user can look at what was found. The helper
// sends the full search address as `dest` (its search_url setting, which the user confirmed): nothing
// a page or content script can write in browser storage decides where searches go.
const SEARCH_LOAD_MS = 15000;
const SEARCH_TEXT_CHARS = 50000;

function searchUrl(address) {
  const url = new URL(String(address ?? ""));
  if (!/^https?:$/.test(url.protocol)) throw new Error("the search address must be http(s)");
  return url.href;
}

async function searchWeb(chatTabId, query, address) {
  if (!query.trim()) throw new Error("give the search terms");
  const beside = await api.tabs.get(chatTabId).catch(() => null);
  const tab = await api.tabs.create({
    url: searchUrl(address),
    active: false,
    ...(beside ? { windowId: beside.windowId, index: beside.index + 1, openerTabId: chatTabId } : {}),
  });
  await waitForLoad(tab.id, SEARCH_LOAD_MS, { alreadyLoaded: true });
  let snap;
  try {
    snap = await pageSnapshot(tab.id);
  } catch (e) {
    throw new Error(`could not read the search results page: ${e?.message ?? e}`);
  }
  return { url: snap.url, title: snap.title, text: clip(snap.text ?? "", SEARCH_TEXT_CHARS) };
}

async function openUrl(tabId, address) {
  const url = new URL(String(address ?? ""));
  if (!/^https?:$/.test(url.protocol)) throw new Error("only http and https addresses can be opened");
  const loadDone = waitForLoad(tabId);
  await api.tabs.update(tabId, { url: url.href });
  await loadDone;
  const tab = await api.tabs.get(tabId);
  return { opened: url.href, url: tab.url, title: tab.title };
}

async function runTool(tabId, tool, args, dest, stayOnSite) {
  switch (tool) {
    case "get_page":
      return pageSnapshot(tabId);
    case "get_selection":
      return inTab(tabId, "selection");
    case "click_element":
      // on a saved grant: a link or form leading off the site is reported, not followed (permissions.py)
      return inTab(tabId, "click", { ...args, stay_on_site: !!stayOnSite });
    case "fill_input":
      return inTab(tabId, "fill", args);
    case "scroll":
      return inTab(tabId, "scroll", args);
    case "search_web":
      return searchWeb(tabId, String(args.query ?? ""), dest);
    case "open_url":
      return openUrl(tabId, args.url);
    case "list_tabs": // for another program (`tabmate mcp serve`)
      return (await api.tabs.query({})).map((t) => ({ tab_id: t.id, window_id: t.windowId, title: t.title, url: t.url, active: t.active }));
    case "screenshot":
      return { screenshot: await screenshotOf(tabId) };
    case "draft_email":
      showDraft(tabId, { to: args.to ?? "", subject: args.subject ?? "", body: String(args.body ?? "") });
      return { shown_to_user: true, note: "The draft is shown in the sidebar with Copy, Open in mail app and Insert into page buttons; it goes into the page only when the user presses Insert." };
    default:
      throw new Error(`unknown browser tool ${tool}`);
  }
}

/** An action runs only on the site the user allowed it on: the tab may have moved since. */
async function checkSite(tabId, site) {
  if (!site) return;
  const tab = await api.tabs.get(tabId);
  let now = "";
  try { now = new URL(tab.url).origin; } catch { /* not a web page */ }
  if (now !== site) throw new Error(`the tab is now on ${now || "another page"}, not ${site} where this was allowed — not run`);
}

/** A tool_request from the helper: run it in the chat's tab and answer tool_result. */
export async function runToolRequest(msg) {
  const tabId = msg.agent ? await agentTab() : chatTab(msg.chat); // agent: another program, the active tab
  let reply;
  if (tabId === null) {
    reply = { type: "tool_result", id: msg.id, ok: false, error: msg.agent ? "no tab is open" : "that chat is no longer running" };
  } else {
    try {
      await checkSite(tabId, msg.site);
      const result = await runTool(tabId, msg.tool, msg.args ?? {}, msg.dest, msg.stay_on_site === true);
      reply = { type: "tool_result", id: msg.id, ok: true, result };
    } catch (e) {
      reply = { type: "tool_result", id: msg.id, ok: false, error: String(e?.message ?? e) };
    }
  }
  try { post(reply); } catch { /* the port is gone; the chat fails through onDisconnect */ }
}
