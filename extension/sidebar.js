// Tabmate sidebar: the chat for the tab in view, the settings panel, confirmation cards.
// Talks only to the background (runtime port "sidebar"); the background owns the helper
// connection and the per-tab state, so closing and reopening the sidebar loses nothing.
import { Marked } from "./vendor/marked.esm.js";
import DOMPurify from "./vendor/purify.es.js";

const api = globalThis.browser ?? globalThis.chrome;
const $ = (id) => document.getElementById(id);

// ------------------------------------------------------------------ markdown, sanitized
const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const marked = new Marked({ gfm: true, breaks: true });
marked.use({
  renderer: {
    // raw HTML in an answer is shown as text, never interpreted
    html(token) { return escapeHtml(token.text ?? token.raw ?? ""); },
    // images could leak page data to any server: show them as links instead
    image(token) {
      const label = escapeHtml(token.text || token.href || "image");
      return `<a href="${escapeHtml(token.href ?? "")}">🖼 ${label}</a>`;
    },
  },
});
const SAFE_URL = /^(https?:|mailto:)/i;
DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    const href = node.getAttribute("href") ?? "";
    if (!SAFE_URL.test(href)) {
      node.removeAttribute("href");
    } else {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer");
    }
  }
});
const PURIFY = {
  ALLOWED_TAGS: ["a", "b", "blockquote", "br", "code", "del", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
    "i", "li", "ol", "p", "pre", "s", "span", "strong", "sub", "sup", "table", "tbody", "td", "th", "thead", "tr", "ul"],
  ALLOWED_ATTR: ["href", "title", "target", "rel", "colspan", "rowspan", "align", "start"],
  ALLOW_DATA_ATTR: false,
};
/** The answer's markdown as a sanitized DocumentFragment (no innerHTML anywhere). */
export function renderMarkdown(text) {
  let html;
  try {
    html = marked.parse(String(text ?? ""), { async: false });
  } catch {
    html = `<p>${escapeHtml(text)}</p>`;
  }
  return DOMPurify.sanitize(html, { ...PURIFY, RETURN_DOM_FRAGMENT: true });
}

function fromTemplate(id) {
  return document.getElementById(id).content.cloneNode(true);
}

// ------------------------------------------------------------------ connection to background
let port = null;
let tabId = null;
let state = null; // this tab's state from the background
let hostStatus = { status: "connecting" };
const waiting = new Map(); // rid → {resolve, reject}
let ridSeq = 0;
const params = new URLSearchParams(location.search);
const pinnedTab = params.has("tab") ? Number(params.get("tab")) : null;

function connectPort() {
  port = api.runtime.connect({ name: "sidebar" });
  port.onMessage.addListener(onMessage);
  port.onDisconnect.addListener(() => {
    // the service worker was stopped or restarted: reconnect and ask for the state again
    port = null;
    for (const [, w] of waiting) w.reject(new Error("Tabmate restarted — try again."));
    waiting.clear();
    setTimeout(() => { connectPort(); if (tabId !== null) send({ type: "hello", tabId }); }, 250);
  });
}

function send(msg) {
  if (!port) connectPort();
  port.postMessage(msg);
}

function request(msg, timeout) {
  const rid = ++ridSeq;
  return new Promise((resolve, reject) => {
    waiting.set(rid, { resolve, reject });
    send({ type: "request", rid, msg, timeout });
  });
}

function onMessage(msg) {
  switch (msg.type) {
    case "state":
      if (msg.tabId !== tabId) return;
      state = msg.state;
      render();
      document.body.dataset.ready = "true"; // the chat for this tab is shown and usable
      break;
    case "delta": {
      if (msg.tabId !== tabId || !state) return;
      const answer = state.messages.findLast((m) => m.role === "assistant" && m.chat === msg.chat);
      if (answer) answer.text += msg.text;
      state.status = null;
      scheduleRender();
      break;
    }
    case "host":
      hostStatus = msg.host;
      renderBanner();
      break;
    case "reply": {
      const w = waiting.get(msg.rid);
      if (!w) return;
      waiting.delete(msg.rid);
      if (msg.ok) w.resolve(msg.msg);
      else w.reject(Object.assign(new Error(msg.error.message), msg.error));
      break;
    }
    case "notice":
      toast(msg.text);
      break;
    default:
      break;
  }
}

// ------------------------------------------------------------------ which tab
async function currentTab() {
  if (pinnedTab !== null) return pinnedTab;
  const [tab] = await api.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

async function showTab(id) {
  if (id === null || id === tabId) return;
  tabId = id;
  state = null;
  render();
  send({ type: "hello", tabId });
  updatePageName();
}

async function updatePageName() {
  try {
    const tab = await api.tabs.get(tabId);
    $("page-name").textContent = tab.title || tab.url || "";
  } catch {
    $("page-name").textContent = "";
  }
}

// ------------------------------------------------------------------ rendering
const log = $("log");
let renderQueued = false;
function scheduleRender() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => { renderQueued = false; render(); });
}

function nearBottom() {
  return log.scrollHeight - log.scrollTop - log.clientHeight < 80;
}


function messageEl(m, i) {
  const el = document.createElement("div");
  el.className = `msg ${m.role}`;
  el.dataset.testid = "message";
  el.dataset.role = m.role === "draft" ? "assistant" : m.role;
  el.dataset.index = String(i);
  if (m.role === "user") {
    const bubble = document.createElement("div");
    bubble.className = "bubble";
    bubble.textContent = m.text;
    el.append(bubble);
  } else if (m.role === "assistant") {
    const body = document.createElement("div");
    body.className = "md";
    body.append(renderMarkdown(m.text));
    if (m.streaming) el.classList.add("streaming");
    el.append(body);
    if (!m.streaming && m.text) el.append(toolsRow(m.text));
  } else if (m.role === "draft") {
    el.classList.add("assistant");
    const card = document.createElement("div");
    card.className = "draft-card";
    const head = document.createElement("div");
    head.className = "draft-head";
    head.textContent = [m.draft?.to && `To: ${m.draft.to}`, m.draft?.subject && `Subject: ${m.draft.subject}`].filter(Boolean).join(" · ") || "Draft";
    const body = document.createElement("pre");
    body.textContent = m.text;
    const row = toolsRow(m.text);
    const mail = document.createElement("a");
    mail.className = "ghost small";
    mail.textContent = "Open in mail app";
    mail.href = `mailto:${encodeURIComponent(m.draft?.to ?? "")}?subject=${encodeURIComponent(m.draft?.subject ?? "")}&body=${encodeURIComponent(m.text)}`;
    mail.target = "_blank";
    mail.rel = "noopener";
    row.append(mail);
    card.append(head, body, row);
    el.append(card);
  } else if (m.role === "error") {
    el.setAttribute("role", "alert");
    const text = document.createElement("p");
    text.textContent = m.text;
    el.append(text);
    if (m.retryable !== false && i === state.messages.length - 1) {
      const retry = document.createElement("button");
      retry.type = "button";
      retry.className = "secondary small";
      retry.textContent = "Retry";
      retry.addEventListener("click", () => send({ type: "retry", tabId }));
      el.append(retry);
    }
    if (m.code === "auth_error" || m.code === "model_not_found") {
      const open = document.createElement("button");
      open.type = "button";
      open.className = "ghost small";
      open.textContent = "Open settings";
      open.addEventListener("click", () => showSettings(true));
      el.append(open);
    }
  } else if (m.role === "status") {
    el.textContent = m.text;
  }
  return el;
}

function toolsRow(text) {
  const row = document.createElement("div");
  row.className = "msg-tools";
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "ghost small";
  copy.append(fromTemplate("icon-copy"), Object.assign(document.createElement("span"), { textContent: "Copy" }));
  copy.setAttribute("aria-label", "Copy answer");
  copy.dataset.testid = "copy";
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const t = document.createElement("textarea");
      t.value = text;
      document.body.append(t);
      t.select();
      document.execCommand("copy");
      t.remove();
    }
    copy.querySelector("span").textContent = "Copied";
    setTimeout(() => { copy.querySelector("span").textContent = "Copy"; }, 1500);
  });
  row.append(copy);
  return row;
}

function render() {
  const stick = nearBottom();
  const busy = !!state?.busy;
  for (const el of log.querySelectorAll(".msg")) el.remove();
  $("empty").hidden = !!state?.messages.length;
  if (state) {
    const frag = document.createDocumentFragment();
    state.messages.forEach((m, i) => {
      if (m.role === "assistant" && m.streaming && !m.text) return; // the status line stands in
      frag.append(messageEl(m, i));
    });
    if (busy && (state.status || !state.messages.at(-1)?.text)) {
      const s = document.createElement("div");
      s.className = "msg status live";
      s.dataset.testid = "message";
      s.dataset.role = "status";
      s.append(fromTemplate("dots"), document.createTextNode(state.status || "Thinking…"));
      frag.append(s);
    }
    log.append(frag);
  }
  renderConfirm();
  $("send").hidden = busy;
  $("stop").hidden = !busy;
  $("action-summarize").disabled = busy;
  $("action-draft").disabled = busy;
  if (stick) log.scrollTop = log.scrollHeight;
}

function renderConfirm() {
  const slot = $("confirm-slot");
  const c = state?.confirm;
  if (!c) { slot.replaceChildren(); return; }
  if (slot.firstChild?.dataset.id === c.id) return;
  const card = document.createElement("div");
  card.className = "confirm";
  card.dataset.id = c.id;
  card.setAttribute("role", "group");
  card.setAttribute("aria-label", "Permission request");
  const title = document.createElement("div");
  title.className = "confirm-title";
  title.textContent = { click_element: "Click on the page?", fill_input: "Fill in a field?", open_url: "Open a page?" }[c.tool] ?? "Allow this action?";
  const summary = document.createElement("p");
  summary.className = "confirm-summary";
  summary.textContent = c.summary || c.tool;
  const what = document.createElement("p");
  what.className = "confirm-target";
  what.textContent = c.target ?? "";
  what.hidden = !c.target;
  const meta = document.createElement("p");
  meta.className = "confirm-meta";
  meta.textContent = [c.tool, c.site].filter(Boolean).join(" · ");
  const remember = document.createElement("label");
  remember.className = "check";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.id = "confirm-remember";
  remember.append(box, document.createTextNode(c.site ? ` Always allow on ${c.site}` : " Always allow on this site"));
  const buttons = document.createElement("div");
  buttons.className = "buttons";
  const allow = document.createElement("button");
  allow.type = "button";
  allow.className = "primary";
  allow.textContent = "Allow";
  allow.dataset.testid = "confirm-allow";
  const deny = document.createElement("button");
  deny.type = "button";
  deny.className = "secondary";
  deny.textContent = "Deny";
  deny.dataset.testid = "confirm-deny";
  allow.addEventListener("click", () => send({ type: "confirm", tabId, id: c.id, approved: true, remember: box.checked }));
  deny.addEventListener("click", () => send({ type: "confirm", tabId, id: c.id, approved: false, remember: false }));
  buttons.append(allow, deny);
  card.append(title, summary, what, meta, remember, buttons);
  slot.replaceChildren(card);
  allow.focus();
}

function renderBanner() {
  const b = $("banner");
  const s = hostStatus;
  b.replaceChildren();
  b.className = "banner";
  if (s.status === "missing") {
    b.classList.add("bad");
    const strong = document.createElement("strong");
    strong.textContent = s.hint || "Tabmate's helper is not installed — run `tabmate install`";
    const detail = document.createElement("p");
    detail.className = "detail";
    detail.textContent = `Browser said: ${s.detail}`;
    const how = document.createElement("p");
    how.textContent = "Install it with pipx install tabmate (or make run in the source folder), then run tabmate install and press Try again.";
    b.append(strong, how, detail, retryButton());
    b.hidden = false;
    b.dataset.testid = "host-missing";
  } else if (s.status === "down") {
    b.classList.add("warn");
    const t = document.createElement("span");
    t.textContent = `Reconnecting to Tabmate's helper… (${s.detail})`;
    b.append(t, retryButton());
    b.hidden = false;
    delete b.dataset.testid;
  } else {
    b.hidden = true;
    delete b.dataset.testid;
  }
  $("host-version").textContent = s.version ? `Helper version ${s.version}` : "";
}

function retryButton() {
  const btn = document.createElement("button");
  btn.type = "button";
  btn.className = "secondary small";
  btn.textContent = "Try again";
  btn.addEventListener("click", () => send({ type: "reconnect" }));
  return btn;
}

let toastTimer = null;
function toast(text) {
  const b = $("banner");
  if (!b.hidden && hostStatus.status !== "ready") return;
  b.className = "banner warn";
  b.textContent = text;
  b.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => renderBanner(), 5000);
}

// ------------------------------------------------------------------ composer
const input = $("chat-input");
function autosize() {
  input.style.height = "auto";
  input.style.height = `${Math.min(input.scrollHeight, 160)}px`;
}
input.addEventListener("input", autosize);
input.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
    e.preventDefault();
    $("composer").requestSubmit();
  } else if (e.key === "Escape" && state?.busy) {
    send({ type: "cancel", tabId });
  }
});
$("composer").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = input.value.trim();
  if (!text || state?.busy || tabId === null) return;
  input.value = "";
  autosize();
  send({ type: "chat", tabId, text });
});
$("stop").addEventListener("click", () => send({ type: "cancel", tabId }));
$("new-chat").addEventListener("click", () => { send({ type: "new_chat", tabId }); showSettings(false); input.focus(); });
$("action-summarize").addEventListener("click", () => send({ type: "chat", tabId, text: "", action: "summarize" }));
$("action-draft").addEventListener("click", () => send({ type: "chat", tabId, text: "", action: "draft" }));
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && !$("settings").hidden) showSettings(false);
});

// ------------------------------------------------------------------ settings
const DEFAULT_URLS = {
  openai: "https://api.openai.com/v1",
  openrouter: "https://openrouter.ai/api/v1",
  ollama: "http://localhost:11434",
  anthropic: "https://api.anthropic.com",
  openai_compatible: "http://localhost:8080/v1 (required)",
};
let loadedSettings = null;

async function showSettings(open) {
  $("settings").hidden = !open;
  $("chat-view").hidden = open;
  $("open-settings").setAttribute("aria-expanded", String(open));
  $("open-settings").classList.toggle("on", open);
  if (!open) { input.focus(); return; }
  $("test-result").textContent = "";
  $("save-result").textContent = "";
  const fields = $("settings-fields");
  fields.disabled = true; // until the host's current settings are in the form
  try {
    const reply = await request({ type: "get_settings" }, 15000);
    fillSettings(reply.settings);
  } catch (e) {
    setResult("save-result", false, e.message);
  } finally {
    fields.disabled = false;
  }
  $("provider").focus();
}

function fillSettings(s) {
  loadedSettings = s;
  $("provider").value = s.provider ?? "ollama";
  $("model").value = s.model ?? "";
  $("base-url").value = s.base_url ?? "";
  $("api-key").value = "";
  $("confirm-actions").checked = s.confirm_actions !== false;
  updateKeyHint(s.api_key_set);
  updateUrlHint();
}

function updateKeyHint(isSet) {
  $("api-key").placeholder = isSet ? "Set — type to replace" : ($("provider").value === "ollama" ? "Not needed for Ollama" : "Not set");
  $("api-key").dataset.set = isSet ? "1" : "0";
}

function updateUrlHint() {
  $("base-url").placeholder = DEFAULT_URLS[$("provider").value] ?? "Provider default";
}

$("provider").addEventListener("change", () => {
  updateUrlHint();
  updateKeyHint(loadedSettings && loadedSettings.provider === $("provider").value && loadedSettings.api_key_set);
  $("model-list").replaceChildren();
  $("model-hint").textContent = "";
});

function formSettings({ withKey = true } = {}) {
  const s = {
    provider: $("provider").value,
    model: $("model").value.trim() || null,
    base_url: $("base-url").value.trim() || null,
    confirm_actions: $("confirm-actions").checked,
  };
  const key = $("api-key").value.trim();
  if (withKey && key) s.api_key = key;
  return s;
}

function setResult(id, ok, text) {
  const el = $(id);
  el.textContent = text;
  el.className = `result ${ok ? "ok" : "bad"}`;
  el.dataset.ok = ok ? "true" : "false";
}

$("settings-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const btn = $("save-settings");
  btn.disabled = true;
  try {
    const reply = await request({ type: "set_settings", settings: formSettings() }, 15000);
    fillSettings(reply.settings);
    setResult("save-result", true, "Saved.");
  } catch (err) {
    setResult("save-result", false, err.message);
  } finally {
    btn.disabled = false;
  }
});

$("test-connection").addEventListener("click", async () => {
  const btn = $("test-connection");
  btn.disabled = true;
  const out = $("test-result");
  out.className = "result pending";
  delete out.dataset.ok;
  out.textContent = "Testing…";
  try {
    const r = await request({ type: "test_connection", settings: formSettings() }, 60000);
    const text = r.ok ? `✓ ${r.message || "Connected"} · ${r.latency_ms} ms` : `✗ ${r.message}`;
    setResult("test-result", r.ok, text);
  } catch (err) {
    setResult("test-result", false, `✗ ${err.message}`);
  } finally {
    btn.disabled = false;
  }
});

$("refresh-models").addEventListener("click", async () => {
  const hint = $("model-hint");
  hint.textContent = "Loading models…";
  try {
    const r = await request({ type: "list_models", settings: formSettings() }, 30000);
    const list = $("model-list");
    list.replaceChildren(...r.models.map((m) => Object.assign(document.createElement("option"), { value: m })));
    hint.textContent = r.models.length ? `${r.models.length} models — pick one or type any name.` : "The provider listed no models; type a name.";
  } catch (err) {
    hint.textContent = err.message;
  }
});

$("open-settings").addEventListener("click", () => showSettings($("settings").hidden));
$("close-settings").addEventListener("click", () => showSettings(false));

// ------------------------------------------------------------------ start
connectPort();
currentTab().then(showTab);
if (pinnedTab === null) {
  api.tabs.onActivated.addListener(async ({ tabId: id, windowId }) => {
    const win = await api.windows.getCurrent();
    if (windowId === win.id) showTab(id);
  });
  api.tabs.onUpdated.addListener((id, info) => { if (id === tabId && (info.title || info.url)) updatePageName(); });
}
input.focus();
