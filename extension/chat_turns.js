// The chat's own controls on a tab's conversation: regenerate the last answer, edit and
// resend the last question, and the profile / model picked in the chat header for this
// conversation (sent with each message).

import { load, publish, startChat, tabState } from "./chats.js";

/**
 * Regenerate (no text) or edit and resend (text): the last question and what followed leave
 * the transcript; returns whether the helper kept that exchange (then it must drop it too).
 */
function dropLastExchange(st) {
  const at = st.messages.findLastIndex((m) => m.role === "user");
  if (at < 0) return false;
  const after = st.messages.slice(at + 1);
  st.messages.splice(at);
  // an exchange that ended in an error was never stored by the helper
  return after.some((m) => m.role === "assistant") && after.at(-1)?.role !== "error";
}

/** Regenerate the last answer (the same question asked again, in place of the old answer). */
export async function redoLast(tabId) {
  await load();
  const st = tabState(tabId);
  if (st.busy || !st.last) return;
  const last = st.last;
  const redo = dropLastExchange(st);
  await startChat(tabId, last.text, last.action, last.selection, { ...last, redo });
}

/** Edit and resend: `msg` (a sidebar "chat" message) replaces the last question and its answer. */
export async function editLast(tabId, msg) {
  await load();
  const st = tabState(tabId);
  if (st.busy) return;
  const redo = dropLastExchange(st);
  await startChat(tabId, msg.text, msg.action ?? null, null, { prompt: msg.prompt, title: msg.title, attach: msg.attach ?? null, redo });
}

/** The profile / model picked in the chat header for this conversation (null: the defaults). */
export async function pickModel(tabId, pick) {
  await load();
  const st = tabState(tabId);
  st.pick = pick?.profile || pick?.model ? { profile: pick.profile || null, model: pick.model || null } : null;
  publish(tabId, true);
}
