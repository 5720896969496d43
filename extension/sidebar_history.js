// The history view: every past conversation (kept by Tabmate's helper in SQLite), newest
// first, with its title, site and date; search as you type; open one to read and continue
// it in this tab; rename, export (Markdown or JSON), delete, and clear all after asking.
// The helper answers history_list / _rename / _export / _delete (sidebar_link.request);
// opening a conversation and forgetting deleted ones go to the background, which owns
// the tabs' chats.
import { request, send } from "./sidebar_link.js";
import { showSettings } from "./sidebar_settings.js";

const PAGE = 50;
const KEEP = [["", "Forever"], ["30", "30 days"], ["90", "90 days"], ["365", "1 year"]]; // history_retention
const ICONS = { // the paths of each icon
  history: ["M3 12a9 9 0 1 0 3-6.7L3 8", "M3 3v5h5M12 7v5l3 2"],
  rename: ["M4 20h4L19 9l-4-4L4 16v4z"],
  delete: ["M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13"],
};
const $ = (id) => document.getElementById(id);
let viewedTab = () => null;
let view = null; // the section, built on first use
let query = "";
let seq = 0; // the latest list request: older answers arriving late are dropped
let items = [];
let debounce = null;
let refreshTimer = null;

/** Make the header button and wire the view; `tab()` gives the tab the sidebar shows. */
export function initHistory(tab) {
  viewedTab = tab;
  const button = el("button", {
    type: "button", class: "icon-btn", id: "open-history", "data-testid": "open-history", title: "History",
    "aria-label": "History", "aria-expanded": "false",
  });
  button.append(icon("history"));
  $("open-settings").before(button);
  button.addEventListener("click", () => showHistory(!isOpen()));
  // the other header buttons leave the history view
  $("open-settings").addEventListener("click", () => showHistory(false, { keepChatHidden: true }));
  $("new-chat").addEventListener("click", () => showHistory(false));
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && isOpen()) showHistory(false); });
}

/** A conversation was saved somewhere (a chat ended in this tab or another): an open list shows
 * it without being opened again, keeping the search and what "Show older" had loaded. */
export function historyChanged() {
  if (!isOpen()) return;
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(refresh, 150); // several chats ending together: one reload
}

function refresh() {
  if (!isOpen()) return;
  // a name being typed or "Delete all?" being asked stays put: the list follows once that is done
  if (view.querySelector(".history-rename") || !$("history-confirm").hidden) {
    refreshTimer = setTimeout(refresh, 1000);
    return;
  }
  const focused = document.activeElement?.closest?.(".history-item");
  const again = focused && [focused.dataset.session, document.activeElement.dataset.testid];
  load(false, Math.min(500, Math.max(PAGE, items.length))).then(() => {
    if (again) view.querySelector(`.history-item[data-session="${CSS.escape(again[0])}"] [data-testid="${again[1]}"]`)?.focus();
  });
}

function isOpen() {
  return !!view && !view.hidden;
}

/** Show the history (loading the newest conversations) or go back to the chat. */
export function showHistory(open, { keepChatHidden = false } = {}) {
  if (!open && !isOpen()) return;
  build();
  view.hidden = !open;
  $("open-history").setAttribute("aria-expanded", String(open));
  $("open-history").classList.toggle("on", open);
  if (open) {
    showSettings(false);
    $("chat-view").hidden = true;
    confirmBar(false);
    $("history-search").value = ""; // a fresh list each time the view opens
    query = "";
    load(false);
    showRetention();
    $("history-search").focus();
  } else if (!keepChatHidden) {
    $("chat-view").hidden = false;
  }
}

// ------------------------------------------------------------------ the view
function build() {
  if (view) return;
  view = el("section", { id: "history", class: "history", "data-testid": "history", "aria-label": "History", hidden: "" });
  const search = el("input", {
    id: "history-search", "data-testid": "history-search", type: "search", placeholder: "Search conversations…",
    autocomplete: "off", spellcheck: "false", "aria-label": "Search conversations",
  });
  search.addEventListener("input", () => {
    clearTimeout(debounce);
    debounce = setTimeout(() => { query = search.value.trim(); load(false); }, 120);
  });
  search.addEventListener("keydown", (e) => { if (e.key === "Escape" && search.value) { e.stopPropagation(); search.value = ""; query = ""; load(false); } });
  const back = el("button", { type: "button", class: "ghost", id: "close-history", "data-testid": "close-history" }, "Back to chat");
  back.addEventListener("click", () => showHistory(false));
  const clear = el("button", { type: "button", class: "ghost danger", "data-testid": "history-clear-all" }, "Clear all…");
  clear.addEventListener("click", () => confirmBar(true));
  const head = el("div", { class: "history-head" }, el("h2", {}, "History"), clear, back);
  const ask = el("div", { class: "history-confirm", id: "history-confirm", role: "alertdialog", "aria-label": "Delete every conversation?", hidden: "" },
    el("p", {}, "Delete every conversation from the history? This cannot be undone."),
    el("div", { class: "buttons" },
      el("button", { type: "button", class: "primary danger", "data-testid": "history-clear-confirm" }, "Delete all"),
      el("button", { type: "button", class: "secondary", "data-testid": "history-clear-cancel" }, "Cancel")));
  ask.querySelector("[data-testid=history-clear-confirm]").addEventListener("click", clearAll);
  ask.querySelector("[data-testid=history-clear-cancel]").addEventListener("click", () => confirmBar(false));
  const list = el("ul", { id: "history-list", class: "history-list", "aria-label": "Conversations" });
  const status = el("p", { id: "history-status", class: "history-status muted", "data-testid": "history-empty", role: "status", hidden: "" });
  const more = el("button", { type: "button", class: "secondary", id: "history-more", "data-testid": "history-more", hidden: "" }, "Show older");
  more.addEventListener("click", () => load(true));
  const keep = el("select", { id: "history-retention", "data-testid": "history-retention" },
    ...KEEP.map(([value, label]) => el("option", { value }, label)));
  keep.addEventListener("change", () => setRetention(keep.value));
  const foot = el("div", { class: "history-foot muted" }, el("label", { for: "history-retention" }, "Keep conversations"), keep);
  view.append(head, search, ask, list, status, more, foot);
  $("settings").after(view);
}

function confirmBar(open) {
  $("history-confirm").hidden = !open;
  if (open) $("history-confirm").querySelector("[data-testid=history-clear-confirm]").focus();
}

async function load(older, limit = PAGE) {
  const mine = ++seq;
  const msg = { type: "history_list", limit };
  if (query) msg.query = query;
  if (older && items.length) msg.before = items.at(-1).updated;
  let reply;
  try {
    reply = await request(msg, 15000);
  } catch (e) {
    if (mine === seq) showStatus(e.message);
    return;
  }
  if (mine !== seq) return;
  items = older ? [...items, ...reply.items] : reply.items;
  const list = $("history-list");
  if (!older) list.replaceChildren();
  list.append(...reply.items.map(row));
  $("history-more").hidden = !reply.more;
  showStatus(items.length ? "" : query ? `Nothing in your history matches “${query}”.` : "No conversations yet. Ask something about a page and it will be kept here.");
}

function showStatus(text) {
  $("history-status").textContent = text;
  $("history-status").hidden = !text;
}

function row(it) {
  const li = el("li", { class: "history-item", "data-testid": "history-item", "data-session": it.session });
  const title = el("span", { class: "history-title", "data-testid": "history-title" }, it.title);
  const meta = el("span", { class: "history-meta" }, [it.site, when(it.updated), `${it.messages} message${it.messages === 1 ? "" : "s"}`].filter(Boolean).join(" · "));
  const open = el("button", { type: "button", class: "history-open", "data-testid": "history-open", title: "Open and continue this conversation" }, title, meta);
  if (it.snippet) open.append(el("span", { class: "history-snippet" }, it.snippet));
  open.addEventListener("click", () => openConversation(it));
  const tools = el("div", { class: "history-tools" },
    tool("rename", "Rename", () => rename(li, it)),
    tool("export-markdown", "Export as Markdown", () => exportOne(it, "markdown"), "MD"),
    tool("export-json", "Export as JSON", () => exportOne(it, "json"), "JSON"),
    tool("delete", "Delete", () => remove(li, it)));
  li.append(open, tools);
  return li;
}

function tool(name, label, onClick, text = "") {
  const b = el("button", { type: "button", class: "icon-btn small", "data-testid": `history-${name}`, title: label, "aria-label": label });
  b.append(text ? el("span", { class: "tag" }, text) : icon(name));
  b.addEventListener("click", onClick);
  return b;
}

async function showRetention() {
  try {
    const { settings } = await request({ type: "get_settings" }, 15000);
    const days = settings.history_retention == null ? "" : String(settings.history_retention);
    if (!KEEP.some(([value]) => value === days)) $("history-retention").append(el("option", { value: days }, `${days} days`));
    $("history-retention").value = days;
  } catch { /* the list says what is wrong */ }
}

/** Older conversations are deleted as soon as a shorter time is chosen. */
async function setRetention(days) {
  try {
    await request({ type: "set_settings", settings: { history_retention: days ? Number(days) : null } }, 15000);
  } catch (e) {
    showStatus(e.message);
    return;
  }
  load(false);
}

// ------------------------------------------------------------------ actions
function openConversation(it) {
  const tabId = viewedTab();
  if (tabId === null) return;
  send({ type: "open_conversation", tabId, session: it.session });
  showHistory(false);
  $("chat-input").focus();
}

function rename(li, it) {
  const input = el("input", { class: "history-rename", "data-testid": "history-rename-input", value: it.title, "aria-label": "New name" });
  li.querySelector(".history-open").replaceWith(input);
  input.select();
  let done = false;
  const finish = async (save) => {
    if (done) return;
    done = true;
    const wanted = input.value.trim();
    if (save && wanted && wanted !== it.title) {
      try {
        const reply = await request({ type: "history_rename", session: it.session, title: wanted }, 15000);
        it.title = reply.title;
      } catch (e) {
        showStatus(e.message);
      }
    }
    li.replaceWith(row(it));
  };
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); finish(true); }
    if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); finish(false); }
  });
  input.addEventListener("blur", () => finish(true));
}

async function remove(li, it) {
  try {
    await request({ type: "history_delete", session: it.session }, 15000);
  } catch (e) {
    showStatus(e.message);
    return;
  }
  send({ type: "conversations_deleted", session: it.session });
  items = items.filter((x) => x !== it);
  li.remove();
  if (!items.length) load(false);
}

async function clearAll() {
  confirmBar(false);
  try {
    await request({ type: "history_delete", all: true }, 30000);
  } catch (e) {
    showStatus(e.message);
    return;
  }
  send({ type: "conversations_deleted", all: true });
  $("history-search").value = "";
  query = "";
  load(false);
}

async function exportOne(it, format) {
  let reply;
  try {
    reply = await request({ type: "history_export", session: it.session, format }, 60000);
  } catch (e) {
    showStatus(e.message);
    return;
  }
  const type = format === "json" ? "application/json" : "text/markdown";
  const url = URL.createObjectURL(new Blob([reply.text], { type: `${type};charset=utf-8` }));
  const a = el("a", { href: url, download: reply.filename, hidden: "" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

// ------------------------------------------------------------------ helpers
function when(seconds) {
  const d = new Date(seconds * 1000);
  const days = Math.round((new Date().setHours(0, 0, 0, 0) - new Date(d).setHours(0, 0, 0, 0)) / 864e5);
  const time = d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  if (days === 0) return `Today ${time}`;
  if (days === 1) return `Yesterday ${time}`;
  const sameYear = d.getFullYear() === new Date().getFullYear();
  return d.toLocaleDateString(undefined, { day: "numeric", month: "short", year: sameYear ? undefined : "numeric" });
}

function icon(name) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  for (const d of ICONS[name]) {
    const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
    path.setAttribute("d", d);
    svg.append(path);
  }
  return svg;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children.flat()) node.append(c);
  return node;
}
