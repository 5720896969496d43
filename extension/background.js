// Tabmate background (entry): wires the pieces together and registers the browser's events.
// Chromium runs it as a module service worker, Firefox as a module background script.
//   native_port.js    the one connection to Tabmate's helper (tabmate_host)
//   chats.js          each tab's chat, kept in storage.session across worker restarts
//   confirms.js       the helper's confirm requests as the tab's card, and the answers
//   browser_tools.js  the tools the model calls, run in the chat's tab
//   tab_content.js    page snapshots and element actions through content.js
//   sidebar_ports.js  the open sidebars and broadcasting to them
//   sidebar_guard.js  which senders are the sidebar, which requests it may pass on
// The API key never touches browser storage.

import { runToolRequest } from "./browser_tools.js";
import {
  cancelChat, forgetTab, load, newChat, onChatMessage, retry,
  failAllChats, chatTab, runningCount, startChat, tabState, tabs,
  forgetConversations, noteUrl, openConversation, reopenTab,
} from "./chats.js";
import { answerConfirm, onConfirmRequest } from "./confirms.js";
import { insertDraft } from "./chat_drafts.js";
import { editLast, pickModel, redoLast } from "./chat_turns.js";
import { menuClicked, menuEntries, onMenuPick, refreshMenus, restoreMenus, setMenuPrompts } from "./menus.js";
import { connect, host, hostInfo, reconnectNow, request, setHostHandlers } from "./native_port.js";
import { broadcast, sidebarShows, sidebars } from "./sidebar_ports.js";
import { checkHostRequest, fromSidebar } from "./sidebar_guard.js";

const api = globalThis.browser ?? globalThis.chrome;
const IS_FIREFOX = typeof globalThis.browser !== "undefined" && !!api.runtime.getBrowserInfo;

// ------------------------------------------------------------------ the helper's messages
setHostHandlers({
  message(msg) {
    switch (msg.type) {
      case "delta": case "status": case "response":
        return onChatMessage(msg);
      case "tool_request":
        return runToolRequest(msg);
      case "confirm_request":
        return onConfirmRequest(msg);
      case "notice":
        return holdNotice(msg);
      case "error":
        if (chatTab(msg.id) !== null) return onChatMessage(msg);
        return broadcast({ type: "notice", text: msg.message });
      default:
        return undefined;
    }
  },
  status: (info) => {
    broadcast({ type: "host", host: info });
    if (info.status === "ready") refreshMenus();
  },
  lost: failAllChats,
  wanted: () => sidebars.size > 0 || runningCount() > 0,
});

// ------------------------------------------------------------------ sidebars
const pending = new Map(); // tabId → a quick action waiting for the sidebar to open
// The helper's notices ({id, code, message}) no sidebar has shown yet. The helper says each
// notice once, so they are kept in storage.session: a worker stopped before any sidebar opened
// must not lose them.
let heldNotices = null;

function held() {
  heldNotices ??= api.storage.session.get("notices")
    .then((got) => (Array.isArray(got?.notices) ? got.notices : []))
    .catch(() => []);
  return heldNotices;
}

/** Show a notice in the open sidebars, or keep it for the next one. */
async function holdNotice(msg) {
  const notices = [...(await held()).filter((n) => n.id !== msg.id), msg];
  heldNotices = Promise.resolve(notices);
  await api.storage.session.set({ notices }).catch(() => {});
  if (sidebars.size > 0) await flushNotices();
}

async function flushNotices(port = null) {
  const notices = await held();
  if (notices.length === 0) return;
  heldNotices = Promise.resolve([]);
  await api.storage.session.remove("notices").catch(() => {});
  for (const notice of notices) {
    if (port) port.postMessage({ type: "host_notice", notice });
    else broadcast({ type: "host_notice", notice });
  }
}

api.runtime.onConnect.addListener((port) => {
  if (port.name !== "sidebar") return;
  // only the sidebar page may drive the sidebar protocol (not a content script, not another extension)
  if (!fromSidebar(port.sender)) return port.disconnect();
  sidebars.set(port, { tabId: null });
  port.onDisconnect.addListener(() => sidebars.delete(port));
  port.onMessage.addListener((msg) => onSidebarMessage(port, msg).catch((e) => {
    try { port.postMessage({ type: "notice", text: String(e?.message ?? e) }); } catch { /* closed */ }
  }));
  if (!host.port && host.status !== "connecting") connect();
});

async function onSidebarMessage(port, msg) {
  await load();
  const info = sidebars.get(port);
  switch (msg.type) {
    case "hello": {
      info.tabId = msg.tabId;
      await reopenTab(msg.tabId);
      const st = tabState(msg.tabId);
      port.postMessage({ type: "state", tabId: msg.tabId, state: st });
      port.postMessage({ type: "host", host: hostInfo() });
      await flushNotices(port);
      if (pending.has(msg.tabId)) {
        const p = pending.get(msg.tabId);
        pending.delete(msg.tabId);
        api.storage.session.remove("pending").catch(() => {});
        await startChat(msg.tabId, p.text, p.action ?? null, p.selection, p);
      }
      return;
    }
    case "chat":
      if (msg.edit) return editLast(msg.tabId, msg);
      return startChat(msg.tabId, msg.text, msg.action ?? null, null, { prompt: msg.prompt, title: msg.title, attach: msg.attach ?? null });
    case "prompts":
      return setMenuPrompts(msg.prompts);
    case "regenerate":
      return redoLast(msg.tabId);
    case "pick":
      return pickModel(msg.tabId, msg.pick);
    case "cancel":
      return cancelChat(msg.tabId);
    case "new_chat":
      return newChat(msg.tabId);
    case "retry":
      return retry(msg.tabId);
    case "confirm":
      return answerConfirm(msg.tabId, msg.id, msg.approved, msg.remember);
    case "insert_draft":
      return insertDraft(msg.tabId, msg.id);
    case "open_conversation":
      return openConversation(msg.tabId, msg.session);
    case "conversations_deleted":
      return forgetConversations(msg.session ?? null, !!msg.all);
    case "reconnect":
      return reconnectNow();
    case "request": {
      try {
        const reply = await request(checkHostRequest(msg.msg), msg.timeout ?? 60000);
        port.postMessage({ type: "reply", rid: msg.rid, ok: true, msg: reply });
      } catch (e) {
        port.postMessage({ type: "reply", rid: msg.rid, ok: false, error: { message: String(e?.message ?? e), code: e.code ?? null, detail: e.detail ?? null } });
      }
      return;
    }
    default:
      return;
  }
}

// ------------------------------------------------------------------ menus, toolbar button, tabs
async function openSidebar(tab) {
  if (IS_FIREFOX) return api.sidebarAction.open();
  return api.sidePanel.open({ tabId: tab.id, windowId: tab.windowId });
}

api.runtime.onInstalled.addListener(restoreMenus);
api.runtime.onStartup?.addListener(restoreMenus);

// a context-menu entry (menus.js): open the sidebar and run it there
onMenuPick((tab, item) => {
  // open first: the side panel may only be opened during the click's user gesture
  const opened = openSidebar(tab);
  if (sidebarShows(tab.id)) {
    startChat(tab.id, item.text, item.action ?? null, item.selection, item).catch(() => {});
  } else {
    pending.set(tab.id, item);
  }
  Promise.resolve(opened).catch(() => {});
});

if (IS_FIREFOX) {
  api.action.onClicked.addListener(() => { api.sidebarAction.toggle(); });
} else {
  api.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});
}

api.tabs.onUpdated.addListener((tabId, info) => { if (info.url) noteUrl(tabId, info.url); });
api.tabs.onRemoved.addListener((tabId) => {
  forgetTab(tabId);
  pending.delete(tabId);
});

load();

// for tests and debugging from the background console
globalThis.tabmate = { host, tabs, connect, hostInfo, startChat, menuEntries, menuClicked, heldNotices: held };
