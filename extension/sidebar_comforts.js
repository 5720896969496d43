// Chat comforts: Regenerate under the last answer, Edit on the last question (also ↑ in an
// empty composer), Copy conversation in the header, Esc stops a running answer anywhere in
// the sidebar. sidebar_chat.js calls lastTurn() after each render and takeEdit() on send.
import { send } from "./sidebar_link.js";

const $ = (id) => document.getElementById(id);
const input = $("chat-input");
let state = null;
let tabId = null;
let editing = false;

function small(text, testid, onClick, label = text) {
  const b = Object.assign(document.createElement("button"), { type: "button", className: "ghost small", textContent: text });
  b.dataset.testid = testid;
  b.setAttribute("aria-label", label);
  b.addEventListener("click", onClick);
  return b;
}

function pencil() {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", "M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4");
  svg.append(path);
  return svg;
}

/** What the composer gets to edit the last question: "/id words" for a saved prompt. */
function editText(m) {
  if (m.prompt) return `/${m.prompt} ${m.typed ?? ""}`.trimEnd() + " ";
  return m.typed ?? m.text;
}

function lastUser() {
  return state?.messages.findLast((m) => m.role === "user") ?? null;
}

/** Put the last question in the composer; sending it replaces that question and its answer. */
export function editLast() {
  const m = lastUser();
  if (!m || state?.busy) return;
  editing = true;
  input.value = editText(m);
  input.dispatchEvent(new Event("input"));
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
  showEditing();
}

function showEditing() {
  const bar = $("editing");
  bar.hidden = !editing;
}

/** On send: whether this message replaces the last question (and ends edit mode). */
export function takeEdit() {
  const was = editing;
  editing = false;
  showEditing();
  return was;
}

/** After each render: the controls on the last question and the last answer. */
export function lastTurn(log, st, tab) {
  state = st;
  tabId = tab;
  $("copy-chat").disabled = !st?.messages.some((m) => m.role === "user");
  if (!st || st.busy) return;
  const msgs = [...log.querySelectorAll(".msg[data-index]")];
  const user = msgs.findLast((e) => e.dataset.role === "user");
  const answer = msgs.findLast((e) => e.dataset.role === "assistant" && !e.querySelector(".draft-card"));
  if (user) {
    // an icon only: the message's text stays the question itself
    const edit = small("", "edit-last", editLast, "Edit and resend the last question");
    edit.title = "Edit and resend (↑)";
    edit.classList.add("edit-last");
    edit.append(pencil());
    user.append(edit);
  }
  if (answer && user && +answer.dataset.index > +user.dataset.index) {
    const row = answer.querySelector(".msg-tools") ?? answer.appendChild(Object.assign(document.createElement("div"), { className: "msg-tools" }));
    row.append(small("Regenerate", "regenerate", () => send({ type: "regenerate", tabId }), "Regenerate the last answer"));
  }
}

// ------------------------------------------------------------------ copy the conversation
export function conversationMarkdown(st, title = "") {
  const lines = title ? [`# ${title}`, ""] : [];
  for (const m of st?.messages ?? []) {
    if (m.role === "user") lines.push(`**You:** ${m.text}`, "");
    else if (m.role === "assistant" && m.text) lines.push(`**Tabmate:** ${m.text}`, "");
    else if (m.role === "draft") lines.push("**Draft:**", "", ...[m.draft?.subject && `Subject: ${m.draft.subject}`, m.text].filter(Boolean), "");
  }
  return lines.join("\n").trim() + "\n";
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const t = Object.assign(document.createElement("textarea"), { value: text });
    document.body.append(t);
    t.select();
    document.execCommand("copy");
    t.remove();
  }
}

$("copy-chat").addEventListener("click", async () => {
  const b = $("copy-chat");
  await copyText(conversationMarkdown(state, $("page-name").textContent));
  b.classList.add("on");
  b.title = "Copied";
  setTimeout(() => { b.classList.remove("on"); b.title = "Copy the conversation"; }, 1500);
});

// ------------------------------------------------------------------ keys
input.addEventListener("keydown", (e) => {
  if (e.key === "ArrowUp" && !input.value && !e.shiftKey && !e.altKey && !e.metaKey && !e.ctrlKey) {
    if (!lastUser()) return;
    e.preventDefault();
    editLast();
  } else if (e.key === "Escape" && editing && !state?.busy) {
    input.value = "";
    input.dispatchEvent(new Event("input"));
    takeEdit();
  }
});
$("cancel-edit").addEventListener("click", () => {
  input.value = "";
  input.dispatchEvent(new Event("input"));
  takeEdit();
  input.focus();
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && state?.busy && tabId !== null && $("settings").hidden) send({ type: "cancel", tabId });
});
