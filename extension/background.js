// Tabmate background: the one native port to the helper ("tabmate_host"), the chat state per
// tab, and the browser tools. Chromium runs it as a module service worker, Firefox as a
// module background script. State that must outlive a service-worker restart is kept in
// storage.session; the API key never touches browser storage.

const api = globalThis.browser ?? globalThis.chrome;
const IS_FIREFOX = typeof globalThis.browser !== "undefined" && !!api.runtime.getBrowserInfo;
const HOST_NAME = "tabmate_host";
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000, 30000];
const INSTALL_HINT = "Tabmate's helper is not installed — run `tabmate install`";
const MAX_MESSAGES = 200; // per tab transcript kept in session storage

// ------------------------------------------------------------------ native port
const host = {
  port: null,
  status: "idle", // idle | connecting | ready | missing | down
  detail: "", // the browser's own error text
  version: null,
  attempt: 0,
  timer: null,
  seq: 0,
};
const parts = new Map(); // message id → {field, text} from "part" frames
const requests = new Map(); // request id → {resolve, reject, timer}
const chats = new Map(); // chat id → {tabId}

function nextId(prefix) {
  host.seq += 1;
  return `${prefix}${Date.now().toString(36)}-${host.seq}`;
}

function setHost(status, detail = "") {
  host.status = status;
  host.detail = detail;
  broadcast({ type: "host", host: hostInfo() });
}

function hostInfo() {
  const info = { status: host.status, detail: host.detail, version: host.version };
  if (host.status === "missing") info.hint = INSTALL_HINT;
  return info;
}

function isMissingError(text) {
  return /not found|no such native application|not installed|forbidden|access to the specified native messaging host/i.test(text);
}

function connect() {
  if (host.port) return;
  clearTimeout(host.timer);
  host.timer = null;
  setHost("connecting");
  let port;
  try {
    port = api.runtime.connectNative(HOST_NAME);
  } catch (e) {
    onDisconnect(null, String(e?.message ?? e));
    return;
  }
  host.port = port;
  port.onMessage.addListener(onHostMessage);
  port.onDisconnect.addListener((p) => {
    const err = p?.error?.message ?? api.runtime.lastError?.message ?? "";
    onDisconnect(p, err);
  });
  const pingId = nextId("ping");
  requests.set(pingId, {
    resolve: (msg) => { host.version = msg.version; host.attempt = 0; setHost("ready"); },
    reject: () => {},
  });
  post({ type: "ping", id: pingId });
}

function onDisconnect(port, error) {
  if (port && port !== host.port) return;
  host.port = null;
  const text = error || "The helper closed the connection.";
  const missing = isMissingError(text);
  setHost(missing ? "missing" : "down", text);
  for (const [id, req] of requests) {
    clearTimeout(req.timer);
    req.reject(Object.assign(new Error(missing ? INSTALL_HINT : "Lost the connection to Tabmate's helper."), { detail: text }));
    requests.delete(id);
  }
  for (const [chatId, chat] of chats) failChat(chat.tabId, chatId, missing
    ? `${INSTALL_HINT}. (${text})`
    : "Tabmate's helper stopped while answering — press Retry.");
  chats.clear();
  parts.clear();
  const delay = BACKOFF_MS[Math.min(host.attempt, BACKOFF_MS.length - 1)];
  host.attempt += 1;
  host.timer = setTimeout(() => { host.timer = null; if (sidebars.size || chats.size) connect(); }, delay);
}

function post(msg) {
  if (!host.port) connect();
  if (!host.port) throw new Error(host.status === "missing" ? INSTALL_HINT : "Tabmate's helper is not running.");
  host.port.postMessage(msg);
}

/** Send a request and wait for the reply with the same id. */
function request(msg, timeoutMs = 60000) {
  const id = nextId("r");
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      requests.delete(id);
      reject(new Error("Tabmate's helper did not answer in time."));
    }, timeoutMs);
    requests.set(id, { resolve, reject, timer });
    try {
      post({ ...msg, id });
    } catch (e) {
      clearTimeout(timer);
      requests.delete(id);
      reject(e);
    }
  });
}

function onHostMessage(msg) {
  if (!msg || typeof msg !== "object") return;
  if (msg.type === "part") {
    const key = String(msg.id);
    const prev = parts.get(key);
    parts.set(key, { field: msg.field, text: (prev?.text ?? "") + msg.text });
    return;
  }
  const held = msg.id !== undefined ? parts.get(String(msg.id)) : null;
  if (held && typeof msg[held.field] === "string") {
    msg = { ...msg, [held.field]: held.text + msg[held.field] };
    parts.delete(String(msg.id));
  }
  switch (msg.type) {
    case "delta": case "status": case "response":
      return onChatMessage(msg);
    case "tool_request":
      return runToolRequest(msg);
    case "confirm_request":
      return onConfirmRequest(msg);
    case "error":
      if (chats.has(msg.id)) return onChatMessage(msg);
      break;
    default:
      break;
  }
  const req = requests.get(msg.id);
  if (req) {
    requests.delete(msg.id);
    clearTimeout(req.timer);
    if (msg.type === "error") req.reject(Object.assign(new Error(msg.message), { code: msg.code, retryable: msg.retryable }));
    else req.resolve(msg);
  } else if (msg.type === "error") {
    broadcast({ type: "notice", text: msg.message });
  }
}

// ------------------------------------------------------------------ per-tab chat state
// tab state: {session, messages: [{role, text, ...}], busy: chatId|null, status, confirm, last}
const tabs = new Map();
let loaded = null;

function newSession() {
  return `s-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

async function load() {
  if (!loaded) {
    loaded = (async () => {
      const all = (await api.storage.session.get(null).catch(() => ({}))) ?? {};
      for (const [key, value] of Object.entries(all)) {
        if (!key.startsWith("tab:")) continue;
        const tabId = Number(key.slice(4));
        // a chat that was running when the worker stopped has lost its helper process
        if (value.busy) {
          value.busy = null;
          value.status = null;
          value.confirm = null;
          const last = value.messages.at(-1);
          if (last?.role === "assistant" && last.streaming) last.streaming = false;
          value.messages.push({ role: "error", text: "Tabmate restarted while answering — press Retry.", retryable: true });
        }
        tabs.set(tabId, value);
      }
    })();
  }
  return loaded;
}

function tabState(tabId) {
  let st = tabs.get(tabId);
  if (!st) {
    st = { session: newSession(), messages: [], busy: null, status: null, confirm: null, last: null };
    tabs.set(tabId, st);
  }
  return st;
}

const saveTimers = new Map();
function save(tabId, now = false) {
  clearTimeout(saveTimers.get(tabId));
  const write = () => {
    saveTimers.delete(tabId);
    const st = tabs.get(tabId);
    if (!st) return;
    if (st.messages.length > MAX_MESSAGES) st.messages.splice(0, st.messages.length - MAX_MESSAGES);
    api.storage.session.set({ [`tab:${tabId}`]: st }).catch(() => {});
  };
  if (now) write();
  else saveTimers.set(tabId, setTimeout(write, 300));
}

function publish(tabId, now = false) {
  save(tabId, now);
  broadcast({ type: "state", tabId, state: tabs.get(tabId) }, tabId);
}

function lastAssistant(st, chatId) {
  for (let i = st.messages.length - 1; i >= 0; i--) {
    const m = st.messages[i];
    if (m.role === "assistant" && m.chat === chatId) return m;
  }
  return null;
}

function onChatMessage(msg) {
  const chat = chats.get(msg.id);
  if (!chat) return;
  const st = tabState(chat.tabId);
  const answer = lastAssistant(st, msg.id);
  if (msg.type === "delta") {
    if (answer) answer.text += msg.text;
    st.status = null;
    broadcast({ type: "delta", tabId: chat.tabId, chat: msg.id, text: msg.text }, chat.tabId);
    save(chat.tabId);
    return;
  }
  if (msg.type === "status") {
    st.status = msg.label;
    if (msg.stage && msg.stage !== "thinking") st.messages.splice(st.messages.indexOf(answer), 0, { role: "status", text: msg.label, chat: msg.id });
    publish(chat.tabId);
    return;
  }
  chats.delete(msg.id);
  st.busy = null;
  st.status = null;
  st.confirm = null;
  if (msg.type === "response") {
    if (answer) {
      answer.text = msg.text;
      answer.streaming = false;
      answer.interrupted = !!msg.interrupted;
    }
  } else {
    if (answer && !answer.text) st.messages.splice(st.messages.indexOf(answer), 1);
    else if (answer) answer.streaming = false;
    st.messages.push({ role: "error", text: msg.message, code: msg.code, retryable: msg.retryable !== false });
  }
  publish(chat.tabId, true);
}

function failChat(tabId, chatId, text) {
  const st = tabState(tabId);
  const answer = lastAssistant(st, chatId);
  if (answer && !answer.text) st.messages.splice(st.messages.indexOf(answer), 1);
  else if (answer) answer.streaming = false;
  st.busy = null;
  st.status = null;
  st.confirm = null;
  st.messages.push({ role: "error", text, retryable: true });
  publish(tabId, true);
}

const ACTION_PROMPTS = {
  summarize: "Summarize this page.",
  draft: "Draft a reply (or an email) based on this page.",
  explain_selection: "Tell me about the selected text.",
};

async function startChat(tabId, text, action = null, selection = null) {
  await load();
  const st = tabState(tabId);
  if (st.busy) throw new Error("Tabmate is still answering — wait or press Stop.");
  const shown = (text || "").trim() || ACTION_PROMPTS[action] || "";
  if (!shown) return;
  const chatId = nextId("c");
  st.last = { text: shown, action, selection };
  st.messages.push({ role: "user", text: shown, action: action || undefined });
  st.messages.push({ role: "assistant", text: "", chat: chatId, streaming: true });
  st.busy = chatId;
  st.status = "Reading the page…";
  chats.set(chatId, { tabId });
  publish(tabId, true);
  let page = null;
  try {
    page = await pageSnapshot(tabId);
    if (selection && !page.selection) page.selection = selection;
  } catch (e) {
    page = await basicPage(tabId);
    if (page && selection) page.selection = selection;
  }
  if (!chats.has(chatId)) return; // cancelled while reading the page
  st.status = "Thinking…";
  publish(tabId);
  const msg = { type: "chat", id: chatId, session: st.session, text: shown };
  if (page) msg.page = page;
  if (action) msg.action = action;
  try {
    post(msg);
  } catch (e) {
    chats.delete(chatId);
    failChat(tabId, chatId, host.status === "missing" ? `${INSTALL_HINT}. (${host.detail})` : String(e.message ?? e));
  }
}

function cancelChat(tabId) {
  const st = tabs.get(tabId);
  if (!st?.busy) return;
  const chatId = st.busy;
  if (host.port) {
    try { post({ type: "cancel", id: chatId }); } catch { /* port gone: handled by onDisconnect */ }
    if (st.confirm) {
      try { post({ type: "confirm_result", id: st.confirm.id, approved: false }); } catch { /* ignore */ }
      st.confirm = null;
      publish(tabId);
    }
  } else {
    chats.delete(chatId);
    failChat(tabId, chatId, "Stopped.");
  }
}

async function newChat(tabId) {
  await load();
  const st = tabState(tabId);
  if (st.busy) cancelChat(tabId);
  const old = st.session;
  tabs.set(tabId, { session: newSession(), messages: [], busy: null, status: null, confirm: null, last: null });
  publish(tabId, true);
  if (host.port) request({ type: "clear", session: old }).catch(() => {});
}

async function retry(tabId) {
  await load();
  const st = tabState(tabId);
  if (st.busy || !st.last) return;
  while (st.messages.length && st.messages.at(-1).role !== "user") st.messages.pop();
  if (st.messages.at(-1)?.role === "user") st.messages.pop();
  const { text, action, selection } = st.last;
  await startChat(tabId, text, action, selection);
}

// ------------------------------------------------------------------ confirmations
async function onConfirmRequest(msg) {
  const chat = chats.get(msg.chat);
  if (!chat) {
    try { post({ type: "confirm_result", id: msg.id, approved: false }); } catch { /* ignore */ }
    return;
  }
  const args = msg.args ?? {};
  let target = null;
  if (args.index !== undefined) {
    // name the element and highlight it on the page, so the user sees what would be touched
    target = await inTab(chat.tabId, "describe", args).then((r) => r.label, (e) => `(${e.message})`);
  } else if (msg.tool === "open_url") {
    target = String(args.url ?? "");
  }
  if (!chats.has(msg.chat)) return;
  const st = tabState(chat.tabId);
  st.confirm = { id: msg.id, chat: msg.chat, tool: msg.tool, args, summary: msg.summary, site: msg.site ?? null, target };
  st.status = "Waiting for your permission…";
  publish(chat.tabId, true);
}

function answerConfirm(tabId, id, approved, remember) {
  const st = tabs.get(tabId);
  if (!st?.confirm || st.confirm.id !== id) return;
  const card = st.confirm;
  st.confirm = null;
  st.status = approved ? "Working…" : "Thinking…";
  const idx = st.messages.indexOf(lastAssistant(st, card.chat));
  const note = { role: "status", text: `${approved ? "Allowed" : "Denied"}: ${card.summary}${approved && remember && card.site ? ` (always on ${card.site})` : ""}`, chat: card.chat };
  if (idx >= 0) st.messages.splice(idx, 0, note); else st.messages.push(note);
  publish(tabId, true);
  post({ type: "confirm_result", id, approved: !!approved, remember: !!(approved && remember) });
}

// ------------------------------------------------------------------ browser tools
async function inject(tabId) {
  await api.scripting.executeScript({ target: { tabId }, files: ["content.js"] });
}

async function inTab(tabId, op, args = {}) {
  await inject(tabId);
  const reply = await api.tabs.sendMessage(tabId, { tabmate: 1, op, args });
  if (!reply) throw new Error("the page did not answer");
  if (!reply.ok) throw new Error(reply.error);
  return reply.result;
}

async function basicPage(tabId) {
  try {
    const tab = await api.tabs.get(tabId);
    return { url: tab.url ?? "", title: tab.title ?? "", tab_id: tabId };
  } catch {
    return null;
  }
}

async function pageSnapshot(tabId) {
  const snap = await inTab(tabId, "snapshot");
  return {
    url: snap.url, title: snap.title, html: snap.html, text: snap.text,
    selection: snap.selection, lang: snap.lang, tab_id: tabId,
  };
}

function waitForLoad(tabId, timeoutMs = 15000) {
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); api.tabs.onUpdated.removeListener(listener); resolve(); };
    const listener = (id, info) => { if (id === tabId && info.status === "complete") done(); };
    const timer = setTimeout(done, timeoutMs);
    api.tabs.onUpdated.addListener(listener);
  });
}

function decodeEntities(s) {
  return s.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&nbsp;/g, " ").replace(/\s+/g, " ").trim();
}

async function searchWeb(query) {
  const url = `https://html.duckduckgo.com/html/?q=${encodeURIComponent(query)}`;
  const res = await fetch(url, { credentials: "omit" });
  if (!res.ok) throw new Error(`the search page answered HTTP ${res.status}`);
  const html = await res.text();
  const results = [];
  const re = /<a[^>]+class="result__a"[^>]+href="([^"]+)"[^>]*>([\s\S]*?)<\/a>[\s\S]*?(?:class="result__snippet"[^>]*>([\s\S]*?)<\/a>)?/g;
  let m;
  while ((m = re.exec(html)) && results.length < 8) {
    let href = decodeEntities(m[1]);
    const uddg = /[?&]uddg=([^&]+)/.exec(href);
    if (uddg) href = decodeURIComponent(uddg[1]);
    if (href.startsWith("//")) href = `https:${href}`;
    results.push({ title: decodeEntities(m[2]), url: href, snippet: decodeEntities(m[3] ?? "") });
  }
  return { query, results, source: "DuckDuckGo" };
}

async function runTool(tabId, tool, args) {
  switch (tool) {
    case "get_page":
      return pageSnapshot(tabId);
    case "get_selection":
      return inTab(tabId, "selection");
    case "click_element":
      return inTab(tabId, "click", args);
    case "fill_input":
      return inTab(tabId, "fill", args);
    case "scroll":
      return inTab(tabId, "scroll", args);
    case "search_web":
      return searchWeb(String(args.query ?? ""));
    case "open_url": {
      const url = new URL(String(args.url ?? ""));
      if (!/^https?:$/.test(url.protocol)) throw new Error("only http and https addresses can be opened");
      const loadDone = waitForLoad(tabId);
      await api.tabs.update(tabId, { url: url.href });
      await loadDone;
      const tab = await api.tabs.get(tabId);
      return { opened: url.href, url: tab.url, title: tab.title };
    }
    case "draft_email": {
      const draft = { to: args.to ?? "", subject: args.subject ?? "", body: String(args.body ?? "") };
      const st = tabState(tabId);
      const answerIdx = st.messages.findLastIndex((m) => m.role === "assistant" && m.streaming);
      const card = { role: "draft", text: draft.body, draft };
      if (answerIdx >= 0) st.messages.splice(answerIdx, 0, card); else st.messages.push(card);
      publish(tabId, true);
      return { shown_to_user: true, note: "The draft is shown in the sidebar with Copy and Open in mail app buttons." };
    }
    default:
      throw new Error(`unknown browser tool ${tool}`);
  }
}

async function runToolRequest(msg) {
  const chat = chats.get(msg.chat);
  let reply;
  if (!chat) {
    reply = { type: "tool_result", id: msg.id, ok: false, error: "that chat is no longer running" };
  } else {
    try {
      const result = await runTool(chat.tabId, msg.tool, msg.args ?? {});
      reply = { type: "tool_result", id: msg.id, ok: true, result };
    } catch (e) {
      reply = { type: "tool_result", id: msg.id, ok: false, error: String(e?.message ?? e) };
    }
  }
  try { post(reply); } catch { /* the port is gone; the chat fails through onDisconnect */ }
}

// ------------------------------------------------------------------ sidebars
const sidebars = new Map(); // port → {tabId}

function broadcast(msg, tabId = null) {
  for (const [port, info] of sidebars) {
    if (tabId !== null && info.tabId !== tabId) continue;
    try { port.postMessage(msg); } catch { /* closed */ }
  }
}

api.runtime.onConnect.addListener((port) => {
  if (port.name !== "sidebar") return;
  // only our own pages may drive the sidebar protocol
  if (port.sender?.id && port.sender.id !== api.runtime.id) return port.disconnect();
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
      const st = tabState(msg.tabId);
      port.postMessage({ type: "state", tabId: msg.tabId, state: st });
      port.postMessage({ type: "host", host: hostInfo() });
      if (pending.has(msg.tabId)) {
        const p = pending.get(msg.tabId);
        pending.delete(msg.tabId);
        api.storage.session.remove("pending").catch(() => {});
        await startChat(msg.tabId, p.text, p.action, p.selection);
      }
      return;
    }
    case "chat":
      return startChat(msg.tabId, msg.text, msg.action ?? null);
    case "cancel":
      return cancelChat(msg.tabId);
    case "new_chat":
      return newChat(msg.tabId);
    case "retry":
      return retry(msg.tabId);
    case "confirm":
      return answerConfirm(msg.tabId, msg.id, msg.approved, msg.remember);
    case "reconnect":
      host.attempt = 0;
      if (!host.port) connect();
      return;
    case "request": {
      try {
        const reply = await request(msg.msg, msg.timeout ?? 60000);
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

// ------------------------------------------------------------------ entry points
const pending = new Map(); // tabId → a quick action waiting for the sidebar to open

async function openSidebar(tab) {
  if (IS_FIREFOX) return api.sidebarAction.open();
  return api.sidePanel.open({ tabId: tab.id, windowId: tab.windowId });
}

function setupMenus() {
  api.contextMenus.removeAll(() => {
    void api.runtime.lastError;
    api.contextMenus.create({ id: "tabmate-ask-selection", title: "Ask Tabmate about selection", contexts: ["selection"] });
    api.contextMenus.create({ id: "tabmate-summarize", title: "Summarize this page with Tabmate", contexts: ["page"] });
  });
}

api.runtime.onInstalled.addListener(setupMenus);
api.runtime.onStartup?.addListener(setupMenus);

api.contextMenus.onClicked.addListener((info, tab) => {
  if (!tab?.id) return;
  const action = info.menuItemId === "tabmate-ask-selection" ? "explain_selection" : "summarize";
  const item = {
    action,
    selection: info.selectionText ?? null,
    text: action === "explain_selection" ? `Tell me about this: “${(info.selectionText ?? "").slice(0, 500)}”` : "",
  };
  // open first: the side panel may only be opened during the click's user gesture
  const opened = openSidebar(tab);
  const hasSidebar = [...sidebars.values()].some((s) => s.tabId === tab.id);
  if (hasSidebar) {
    startChat(tab.id, item.text, item.action, item.selection).catch(() => {});
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

api.tabs.onRemoved.addListener((tabId) => {
  const st = tabs.get(tabId);
  if (st?.busy) cancelChat(tabId);
  tabs.delete(tabId);
  pending.delete(tabId);
  api.storage.session.remove(`tab:${tabId}`).catch(() => {});
});

load();

// for tests and debugging from the background console
globalThis.tabmate = { host, tabs, connect, hostInfo, startChat };
