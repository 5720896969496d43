// The chat of each tab: its transcript, the running request, the status line and the
// confirmation card. Kept in storage.session so it survives a Chromium service-worker
// restart and comes back when the sidebar reopens; every change is published to the
// sidebars showing that tab.

import { host, INSTALL_HINT, nextId, post, request } from "./native_port.js";
import { broadcast } from "./sidebar_ports.js";
import { addChip, attachAll, plannedChips } from "./capture.js";
import { basicPage, inTab, pageSnapshot } from "./tab_content.js";

const api = globalThis.browser ?? globalThis.chrome;
const MAX_MESSAGES = 200; // per tab transcript kept in session storage
const ACTION_PROMPTS = {
  summarize: "Summarize this page.",
  draft: "Draft a reply (or an email) based on this page.",
  explain_selection: "Tell me about the selected text.",
};

// tab state: {session, messages: [{role, text, ...}], busy: chatId|null, status, confirm, last}
export const tabs = new Map();
const running = new Map(); // chat id (a "chat" request to the helper) → {tabId}
let loaded = null;

function newSession() {
  return `s-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function emptyState() {
  return { session: newSession(), messages: [], busy: null, status: null, confirm: null, last: null };
}

/** Read the saved chats once (after a service-worker restart); every entry point awaits it. */
export async function load() {
  if (!loaded) {
    loaded = (async () => {
      const all = (await api.storage.session.get(null).catch(() => ({}))) ?? {};
      for (const [key, value] of Object.entries(all)) {
        if (key === "closed" && Array.isArray(value)) recentlyClosed.push(...value);
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
        for (const m of value.messages) if (m.insert?.state === "working") delete m.insert; // lost with the worker
        tabs.set(tabId, value);
      }
    })();
  }
  return loaded;
}

export function tabState(tabId) {
  let st = tabs.get(tabId);
  if (!st) {
    st = emptyState();
    tabs.set(tabId, st);
  }
  return st;
}

/** The tab a running chat belongs to, or null when it is not running. */
export function chatTab(chatId) {
  return running.get(chatId)?.tabId ?? null;
}

export function runningCount() {
  return running.size;
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

export function publish(tabId, now = false) {
  save(tabId, now);
  broadcast({ type: "state", tabId, state: tabs.get(tabId) }, tabId);
}

export function lastAssistant(st, chatId) {
  for (let i = st.messages.length - 1; i >= 0; i--) {
    const m = st.messages[i];
    if (m.role === "assistant" && m.chat === chatId) return m;
  }
  return null;
}

/** delta, status, response or error from the helper for a running chat. */
export function onChatMessage(msg) {
  const chat = running.get(msg.id);
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
  if (msg.type === "status" && msg.stage === "attachment") return publish(chat.tabId, addChip(st.messages, msg.label));
  if (msg.type === "status") {
    st.status = msg.label;
    if (msg.stage && msg.stage !== "thinking" && msg.stage !== "waiting") st.messages.splice(st.messages.indexOf(answer), 0, { role: "status", text: msg.label, chat: msg.id }); // thinking/waiting: the status line only (waiting repeats every 10 s)
    publish(chat.tabId);
    return;
  }
  running.delete(msg.id);
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
  broadcast({ type: "history_changed" }); // the helper saved the turn: open History lists show it
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

/** The helper went away: every running chat ends with an error the user can retry. */
export function failAllChats(text, missing) {
  for (const [chatId, chat] of running) failChat(chat.tabId, chatId, missing
    ? `${INSTALL_HINT}. (${text})`
    : "Tabmate's helper stopped while answering — press Retry.");
  running.clear();
}

/** opts: {prompt, title} a saved prompt, {redo} replace the last exchange (chat_turns.js), {attach} (capture.js). */
export async function startChat(tabId, text, action = null, selection = null, opts = {}) {
  await load();
  let st = tabState(tabId);
  if (st.busy) throw new Error("Tabmate is still answering — wait or press Stop.");
  const typed = (text || "").trim();
  const prompt = opts.prompt || null;
  const shown = prompt ? [opts.title || `/${prompt}`, typed].filter(Boolean).join(": ") : typed || ACTION_PROMPTS[action] || "";
  if (!shown) return;
  st = await sameSiteChat(tabId, st);
  const chatId = nextId("c");
  const attach = opts.attach ?? null;
  st.last = { text: typed, action, selection, attach, prompt, title: opts.title };
  const user = { role: "user", text: shown, action: action || undefined, chips: plannedChips(tabId, attach), prompt: prompt || undefined, typed };
  st.messages.push(user);
  st.messages.push({ role: "assistant", text: "", chat: chatId, streaming: true });
  st.busy = chatId;
  st.status = "Reading the page…";
  running.set(chatId, { tabId });
  publish(tabId, true);
  let page = null;
  try {
    page = await pageSnapshot(tabId);
    if (selection && !page.selection) page.selection = selection;
  } catch (e) {
    page = await basicPage(tabId);
    if (page && selection) page.selection = selection;
  }
  if (page?.url) st.url = page.url;
  const extra = await attachAll(tabId, page, attach, st.messages, user); // PDF, captions, screenshot, tabs
  if (!running.has(chatId)) return; // cancelled while reading the page
  if (extra.blocked && !typed) { // a quick action on a page it cannot read: say how to allow it instead
    running.delete(chatId);
    return failChat(tabId, chatId, extra.blocked);
  }
  if (extra.blocked) st.messages.splice(st.messages.indexOf(user) + 1, 0, { role: "status", text: extra.blocked });
  st.status = "Thinking…";
  publish(tabId);
  const msg = { type: "chat", id: chatId, session: st.session, text: prompt ? typed : shown, language: navigator.language };
  if (page) msg.page = page;
  if (extra.tabs.length) msg.tabs = extra.tabs;
  if (action) msg.action = action;
  // a saved prompt, "replace the last exchange", the profile / model picked for this chat
  for (const [k, v] of Object.entries({ prompt, redo: opts.redo, ...st.pick })) if (v) msg[k] = v;
  try {
    post(msg);
  } catch (e) {
    running.delete(chatId);
    failChat(tabId, chatId, host.status === "missing" ? `${INSTALL_HINT}. (${host.detail})` : String(e.message ?? e));
  }
}

export function cancelChat(tabId) {
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
    running.delete(chatId);
    failChat(tabId, chatId, "Stopped.");
  }
}

/**
 * A tab's chat never carries one site's page text and answers to another site: when the tab
 * is now on another origin than the chat's, a new conversation starts (the old one stays in
 * the history) and the sidebar says so.
 */
async function sameSiteChat(tabId, st) {
  const url = await api.tabs.get(tabId).then((t) => t.url, () => null);
  let site = null;
  try { site = new URL(url).origin; } catch { /* no page */ }
  if (st.site && site && st.site !== site && st.messages.some((m) => m.role === "user")) {
    const was = st.site;
    st = emptyState();
    st.messages.push({ role: "status", text: `New conversation for ${site} — the one about ${was} is in the history.` });
    tabs.set(tabId, st);
  }
  if (site) st.site = site;
  return st;
}

export async function newChat(tabId) {
  await load();
  const st = tabState(tabId);
  if (st.busy) cancelChat(tabId);
  // the old conversation stays in the history (the history view reopens it)
  tabs.set(tabId, emptyState());
  publish(tabId, true);
}

export async function retry(tabId) {
  await load();
  const st = tabState(tabId);
  if (st.busy || !st.last) return;
  while (st.messages.length && st.messages.at(-1).role !== "user") st.messages.pop();
  if (st.messages.at(-1)?.role === "user") st.messages.pop();
  const { text, action, selection } = st.last;
  await startChat(tabId, text, action, selection, st.last);
}



/** The tab was closed: stop its chat, and keep it a while for the tab coming back (reopenTab). */
export function forgetTab(tabId) {
  const st = tabs.get(tabId);
  const url = st?.url;
  if (st?.busy) cancelChat(tabId);
  tabs.delete(tabId);
  api.storage.session.remove(`tab:${tabId}`).catch(() => {});
  if (!url || !st?.messages.some((m) => m.role === "user")) return;
  const closed = [{ url, at: Date.now(), session: st.session, messages: st.messages.filter((m) => !m.streaming) },
    ...recentlyClosed.filter((c) => c.session !== st.session)].slice(0, CLOSED_KEPT);
  recentlyClosed.splice(0, recentlyClosed.length, ...closed);
  api.storage.session.set({ closed: recentlyClosed }).catch(() => {});
}

// ------------------------------------------------------------------ history
/** Where the tab is (kept with its chat, so a closed tab's chat can find the tab reopened). */
export function noteUrl(tabId, url) {
  const st = tabs.get(tabId);
  if (!st || st.url === url) return;
  st.url = url;
  save(tabId);
}

const CLOSED_KEPT = 10;
const CLOSED_FOR_MS = 60 * 60 * 1000;
const recentlyClosed = []; // chats of tabs closed lately: [{url, at, session, messages}]

/**
 * A tab without a chat showing a page whose tab was closed lately (Ctrl+Shift+T, "reopen
 * closed tab"): it gets that chat back, and the conversation goes on under the same session.
 */
export async function reopenTab(tabId) {
  await load();
  if (tabs.has(tabId) || !recentlyClosed.length) return;
  const url = await api.tabs.get(tabId).then((t) => t.url, () => null);
  const i = recentlyClosed.findIndex((c) => c.url === url && Date.now() - c.at < CLOSED_FOR_MS);
  if (i < 0 || tabs.has(tabId)) return;
  const [c] = recentlyClosed.splice(i, 1);
  api.storage.session.set({ closed: recentlyClosed }).catch(() => {});
  tabs.set(tabId, { ...emptyState(), session: c.session, messages: c.messages });
  publish(tabId, true);
}

/** "Open" in the history view: that conversation, read from the helper, becomes this tab's chat. */
export async function openConversation(tabId, session) {
  await load();
  if (tabs.get(tabId)?.busy) cancelChat(tabId);
  const item = await request({ type: "history_get", session }, 15000);
  const messages = item.messages.map((m) => ({ role: m.role, text: m.text }));
  if (item.omitted) messages.unshift({ role: "status", text: `${item.omitted} earlier messages are in the history (export the conversation to read them).` });
  // the profile / model picked for it in the chat header comes back with it (none: the defaults)
  let pick = item.profile || item.model ? { profile: item.profile || null, model: item.model || null } : null;
  if (pick?.profile && !(await profileExists(pick.profile))) { // deleted since: its model went with it
    messages.push({ role: "status", text: `The profile “${pick.profile}” this conversation used no longer exists — it continues with the default set-up.` });
    pick = null;
  }
  tabs.set(tabId, { ...emptyState(), session: item.session, messages, pick });
  publish(tabId, true);
}

async function profileExists(name) {
  try {
    const { settings } = await request({ type: "get_settings" }, 15000);
    return Object.hasOwn(settings.profiles ?? {}, name);
  } catch {
    return true; // cannot tell: keep the conversation's choice (a chat with it names the problem)
  }
}

/** Conversations deleted from the history leave the tabs showing them (a busy one finishes first). */
export async function forgetConversations(session, all = false) {
  await load();
  for (const [tabId, st] of tabs) {
    if (st.busy || !(all || st.session === session)) continue;
    tabs.set(tabId, emptyState());
    publish(tabId, true);
  }
  const kept = recentlyClosed.filter((c) => !all && c.session !== session);
  recentlyClosed.splice(0, recentlyClosed.length, ...kept);
  api.storage.session.set({ closed: recentlyClosed }).catch(() => {});
  broadcast({ type: "history_changed" }); // other sidebars' History lists drop them too
}
