// Draft cards in a tab's transcript: draft_email (or a draft-kind saved prompt's answer) shows
// one, and its "Insert into page" fills the compose box the user last focused in the tab.

import { nextId } from "./native_port.js";
import { load, publish, tabState } from "./chats.js";
import { inTab } from "./tab_content.js";

/** draft_email: a draft card in the transcript, just above the answer being written. */
export function showDraft(tabId, draft) {
  const st = tabState(tabId);
  const answerIdx = st.messages.findLastIndex((m) => m.role === "assistant" && m.streaming);
  const card = { role: "draft", id: nextId("d"), text: draft.body, draft };
  if (answerIdx >= 0) st.messages.splice(answerIdx, 0, card); else st.messages.push(card);
  publish(tabId, true);
}

/**
 * The draft card's "Insert into page" (the user's own click is the confirmation): fill the
 * compose box the user last focused in the tab; the card shows what happened.
 */
export async function insertDraft(tabId, id) {
  await load();
  const st = tabState(tabId);
  const card = st.messages.find((m) => m.role === "draft" && m.id === id);
  if (!card || card.insert?.state === "working") return;
  card.insert = { state: "working", text: "Inserting…" };
  publish(tabId, true);
  try {
    await inTab(tabId, "insert", { text: card.text });
    card.insert = { state: "ok", text: "Inserted into the page" };
  } catch (e) {
    const text = String(e?.message ?? e);
    // "click into the reply box…" is already friendly; the rest says what went wrong
    card.insert = { state: "error", text: text.startsWith("Click into") ? text : `Could not insert the draft: ${text}` };
  }
  publish(tabId, true);
}
