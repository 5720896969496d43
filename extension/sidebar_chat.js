// The chat in the sidebar for the tab in view: the transcript (user, streamed assistant
// answers as sanitized markdown, status lines, errors with Retry, draft cards with Copy,
// Open in mail app and Insert into page), the confirmation card (Allow / Deny, "always on
// this site") and the composer with the quick actions. The state comes from the background;
// user actions go back to it as messages.
import { renderMarkdown } from "./markdown.js";
import { chipsEl, setupAttachments, takeAttachments } from "./sidebar_attach.js";
import { lastTurn, takeEdit } from "./sidebar_comforts.js";
import { send } from "./sidebar_link.js";
import { composed } from "./sidebar_prompts.js";
import { showSettings } from "./sidebar_settings.js";
import { confirmCard } from "./sidebar_confirm.js";

const $ = (id) => document.getElementById(id);
let tabId = null;
let state = null; // this tab's state from the background

/** The tab whose chat is shown (null until known). */
export function viewedTab() {
  return tabId;
}

/** Show another tab's chat; its state follows from the background. */
export function setTab(id) {
  tabId = id;
  state = null;
  render();
}

/** The background's full state for a tab. */
export function showState(msg) {
  if (msg.tabId !== tabId) return;
  state = msg.state;
  render();
  document.body.dataset.ready = "true"; // the chat for this tab is shown and usable
}

/** A piece of the streamed answer. */
export function applyDelta(msg) {
  if (msg.tabId !== tabId || !state) return;
  const answer = state.messages.findLast((m) => m.role === "assistant" && m.chat === msg.chat);
  if (answer) answer.text += msg.text;
  state.status = null;
  scheduleRender();
}

function fromTemplate(id) {
  return document.getElementById(id).content.cloneNode(true);
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
    if (m.chips?.length) el.append(chipsEl(m.chips));
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
    if (m.id) insertControls(m, row, card);
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

/** The draft card's "Insert into page": the click is the user's go-ahead to fill the page's box. */
function insertControls(m, row, card) {
  const insert = document.createElement("button");
  insert.type = "button";
  insert.className = "ghost small";
  insert.textContent = "Insert into page";
  insert.title = "Put this draft into the reply box you last clicked on the page";
  insert.dataset.testid = "draft-insert";
  insert.disabled = m.insert?.state === "working";
  insert.addEventListener("click", () => send({ type: "insert_draft", tabId, id: m.id }));
  row.append(insert);
  if (!m.insert) return;
  const note = document.createElement("p");
  note.className = `draft-note ${m.insert.state}`;
  note.dataset.testid = "draft-insert-result";
  note.dataset.state = m.insert.state;
  note.setAttribute("role", m.insert.state === "error" ? "alert" : "status");
  note.textContent = m.insert.text;
  card.append(note);
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
  lastTurn(log, state, tabId);
  $("send").hidden = busy;
  $("stop").hidden = !busy;
  for (const chip of document.querySelectorAll("#quick-actions .chip")) chip.disabled = busy;
  if (stick) log.scrollTop = log.scrollHeight;
}

function renderConfirm() {
  const slot = $("confirm-slot");
  const c = state?.confirm;
  if (!c) { slot.replaceChildren(); return; }
  if (slot.firstChild?.dataset.id === c.id) return;
  // no focus moves here: the user may be typing, and the next key must not answer the card
  slot.replaceChildren(confirmCard(c, (approved, remember) => send({ type: "confirm", tabId, id: c.id, approved, remember })));
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
  }
});
$("composer").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = input.value.trim();
  if (!text || state?.busy || tabId === null) return;
  input.value = "";
  autosize();
  send({ type: "chat", tabId, ...composed(text), edit: takeEdit(), ...takeAttachments() });
});
setupAttachments(() => tabId);
$("stop").addEventListener("click", () => send({ type: "cancel", tabId }));
$("new-chat").addEventListener("click", () => { send({ type: "new_chat", tabId }); showSettings(false); input.focus(); });
