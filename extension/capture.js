// What a message carries besides the tab's HTML (background side): a PDF's bytes, a video's
// captions, a screenshot of the visible tab, other tabs the user added. Each attachment also
// gives the chip the sidebar shows on the message ("PDF", "3 tabs", "screenshot",
// "transcript · 18 min"). CONTRACT.md: PageSnapshot content_type, pdf, screenshot, transcript.

import { basicPage, pageSnapshot } from "./tab_content.js";

const api = globalThis.browser ?? globalThis.chrome;

// The browsers cap a message to the helper at 64 MiB; base64 makes bytes 4/3 larger.
export const MAX_PDF_BYTES = 45 * 1024 * 1024;
export const MAX_SHOT_SIDE = 1568; // what vision models read without scaling down again
const PNG_LIMIT = 900 * 1024; // above this a screenshot goes as JPEG
const MAX_TABS = 10;
const TAB_HTML_CHARS = 3_000_000; // per added tab: the helper shares the budget anyway

// ------------------------------------------------------------------ PDF
/** Runs in the tab: a PDF document's bytes as a data URL, fetched with the user's session. */
async function readPdfInPage(maxBytes) {
  if (document.contentType !== "application/pdf") return { pdf: false };
  let res;
  try {
    res = await fetch(location.href, { credentials: "include" });
  } catch (e) {
    return { pdf: true, error: String(e?.message ?? e) }; // file:// cannot fetch itself: the background does
  }
  if (!res.ok) return { pdf: true, error: `the server answered ${res.status}` };
  const blob = await res.blob();
  if (blob.size > maxBytes) return { pdf: true, tooBig: blob.size };
  const url = await new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result);
    r.onerror = () => reject(r.error);
    r.readAsDataURL(blob);
  });
  return { pdf: true, data: String(url).split(",", 2)[1] };
}

async function fetchPdf(url) {
  // the background's own fetch: Firefox's pdf.js viewer takes no scripts, and a file:// page
  // cannot fetch itself (the extension can, once the user allowed file access); cookies go along
  const res = await fetch(url, { credentials: "include" });
  if (!res.ok) return { pdf: true, error: `the server answered ${res.status}` };
  const type = res.headers.get("content-type") ?? "";
  const size = Number(res.headers.get("content-length") || 0);
  if (size > MAX_PDF_BYTES && type.includes("pdf")) {
    res.body?.cancel();
    return { pdf: true, tooBig: size };
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  const magic = String.fromCharCode(...bytes.subarray(0, 5));
  if (!type.includes("pdf") && magic !== "%PDF-") return { pdf: false };
  if (bytes.length > MAX_PDF_BYTES) return { pdf: true, tooBig: bytes.length };
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { pdf: true, data: btoa(bin) };
}

function looksLikePdf(url) {
  try { return new URL(url).pathname.toLowerCase().endsWith(".pdf"); } catch { return false; }
}

const IN_FIREFOX = () => api.runtime.getURL("").startsWith("moz-extension:");

/** Why a file:// tab cannot be read, with what to do about it; null when it can. */
export async function fileAccessNote(url) {
  if (!url?.startsWith("file:")) return null;
  if (IN_FIREFOX()) {
    return "Firefox does not let add-ons read files on your computer, so Tabmate cannot read this file. "
      + "Open it from a web address instead, or ask about it in a terminal: tabmate ask --page FILE.pdf \"your question\".";
  }
  const allowed = await api.extension.isAllowedFileSchemeAccess().catch(() => false);
  if (allowed) return null;
  return "Tabmate cannot read files on your computer until you allow it: open chrome://extensions, "
    + "click Details under Tabmate, turn on “Allow access to file URLs”, then ask again.";
}

/** The tab's PDF as {pdf, content_type} for the snapshot, {note} when it cannot go, or null. */
export async function pdfOf(tabId, url) {
  let got = null;
  try {
    const [res] = await api.scripting.executeScript({ target: { tabId }, func: readPdfInPage, args: [MAX_PDF_BYTES] });
    got = res?.result ?? null;
  } catch { /* a viewer that takes no scripts (Firefox's pdf.js) or a file:// tab */ }
  const unread = !got || (got.pdf && !got.data && !got.tooBig);
  if (unread && (got?.pdf || looksLikePdf(url)) && /^(https?|file):/.test(url)) {
    try { got = await fetchPdf(url); } catch (e) { got = got ?? { pdf: true, error: String(e?.message ?? e) }; }
  }
  if (!got?.pdf) return null;
  if (got.tooBig) {
    const mb = Math.round(got.tooBig / 1048576);
    return { note: `This PDF is ${mb} MB; Tabmate sends PDFs up to ${MAX_PDF_BYTES / 1048576} MB, so only its title and address were used.` };
  }
  if (!got.data) return { note: `Tabmate could not read this PDF (${got.error ?? "no access"}).` };
  return { pdf: got.data, content_type: "application/pdf" };
}

// ------------------------------------------------------------------ captions
/** Runs in the tab: captions as "[m:ss] text" lines — YouTube's caption tracks or <track>. */
async function readCaptionsInPage() {
  const stamp = (s) => {
    s = Math.max(0, Math.floor(s));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = String(s % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
  };
  const lang = (document.documentElement.lang || navigator.language || "en").slice(0, 2);
  const lines = [];
  // YouTube: the player response in the page lists caption tracks; json3 gives timed events
  const player = [...document.scripts].map((s) => s.textContent).find((t) => t.includes('"captionTracks"'));
  if (player) {
    const m = player.match(/"captionTracks":(\[.*?\])[,}]/);
    let tracks = [];
    try { tracks = JSON.parse(m[1]); } catch { /* changed markup */ }
    const track = tracks.find((t) => t.languageCode?.startsWith(lang) && t.kind !== "asr") ?? tracks.find((t) => t.languageCode?.startsWith(lang)) ?? tracks[0];
    if (track?.baseUrl) {
      const res = await fetch(`${track.baseUrl}&fmt=json3`, { credentials: "include" });
      const data = await res.json();
      for (const ev of data.events ?? []) {
        const text = (ev.segs ?? []).map((s) => s.utf8).join("").replace(/\s+/g, " ").trim();
        if (text) lines.push(`[${stamp((ev.tStartMs ?? 0) / 1000)}] ${text}`);
      }
      if (lines.length) return { transcript: lines.join("\n"), seconds: ((data.events.at(-1)?.tStartMs ?? 0) / 1000) };
    }
  }
  // any page: <track kind="captions|subtitles"> (a track without kind is subtitles)
  const tracks = [...document.querySelectorAll("video track, audio track")].filter((t) => ["captions", "subtitles", ""].includes((t.getAttribute("kind") || "").toLowerCase()) && t.src);
  const track = tracks.find((t) => (t.srclang || "").startsWith(lang)) ?? tracks.find((t) => t.default) ?? tracks[0];
  if (!track) return null;
  const res = await fetch(track.src, { credentials: "include" });
  const vtt = await res.text();
  let last = 0;
  for (const block of vtt.replace(/\r/g, "").split(/\n\n+/)) {
    const rows = block.split("\n");
    const at = rows.findIndex((r) => r.includes("-->"));
    if (at < 0) continue;
    const t = rows[at].split("-->")[0].trim().replace(",", ".").split(":").map(Number);
    const secs = t.length === 3 ? t[0] * 3600 + t[1] * 60 + t[2] : t[0] * 60 + t[1];
    const text = rows.slice(at + 1).join(" ").replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim();
    if (text) lines.push(`[${stamp(secs)}] ${text}`);
    last = secs;
  }
  return lines.length ? { transcript: lines.join("\n"), seconds: last } : null;
}

export async function transcriptOf(tabId) {
  try {
    const [res] = await api.scripting.executeScript({ target: { tabId }, func: readCaptionsInPage });
    return res?.result ?? null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ screenshot
function blobToDataUrl(blob) {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(blob);
  });
}

/** A capture scaled to ≤ 1568 px on the long side; PNG, or JPEG when PNG is large. */
export async function scaleShot(dataUrl, maxSide = MAX_SHOT_SIDE) {
  const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
  const k = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const w = Math.max(1, Math.round(bitmap.width * k)), h = Math.max(1, Math.round(bitmap.height * k));
  const canvas = new OffscreenCanvas(w, h);
  canvas.getContext("2d").drawImage(bitmap, 0, 0, w, h);
  let out = await canvas.convertToBlob({ type: "image/png" });
  if (out.size > PNG_LIMIT) out = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.85 });
  return { url: await blobToDataUrl(out), width: w, height: h };
}

/** The visible part of the tab (it must be the active tab of its window). */
export async function screenshotOf(tabId) {
  const tab = await api.tabs.get(tabId);
  if (!tab.active) throw new Error("the tab is not the one showing in its window, so it cannot be captured");
  const raw = await api.tabs.captureVisibleTab(tab.windowId, { format: "png" });
  return (await scaleShot(raw)).url;
}

// ------------------------------------------------------------------ one message's attachments
/** Adds to the tab's snapshot what the tab shows (PDF, captions); returns chips and notes. */
export async function enrich(tabId, page) {
  const chips = [], notes = [];
  if (!page?.url) return { chips, notes };
  const blocked = await fileAccessNote(page.url);
  if (blocked) return { chips, notes, blocked };
  const pdf = await pdfOf(tabId, page.url);
  if (pdf?.pdf) {
    Object.assign(page, pdf);
    delete page.html; // the viewer's markup says nothing
    chips.push("PDF");
  } else if (pdf?.note) {
    notes.push(pdf.note);
  } else {
    const cap = await transcriptOf(tabId);
    if (cap?.transcript) {
      page.transcript = cap.transcript;
      chips.push(cap.seconds >= 60 ? `transcript · ${Math.round(cap.seconds / 60)} min` : "transcript");
    }
  }
  return { chips, notes };
}

function addedTabs(tabId, attach) {
  return (attach?.tabs ?? []).filter((id) => Number.isInteger(id) && id !== tabId).slice(0, MAX_TABS);
}

/** The chips a message shows before its page is read ("3 tabs", "screenshot"). */
export function plannedChips(tabId, attach) {
  const n = addedTabs(tabId, attach).length;
  return [...(n ? [`${n + 1} tabs`] : []), ...(attach?.screenshot ? ["screenshot"] : [])];
}

/**
 * Everything a message carries besides the tab's HTML; attach: {tabs: [tab ids], screenshot:
 * data URL} the user added in the sidebar. Sets the user message's chips, puts notes (a PDF
 * too large to send) after it, and returns {tabs, blocked}: the other tabs' snapshots, and why the
 * tab itself could not be read (a file:// tab without file access) with what to do about it.
 */
export async function attachAll(tabId, page, attach, messages, user) {
  const { chips, notes, blocked } = await enrich(tabId, page).catch(() => ({ chips: [], notes: [] }));
  if (page && attach?.screenshot) page.screenshot = attach.screenshot;
  user.chips = [...chips, ...plannedChips(tabId, attach)];
  for (const text of notes) messages.splice(messages.indexOf(user) + 1, 0, { role: "status", text });
  const ids = addedTabs(tabId, attach);
  return { tabs: ids.length ? await otherTabs(ids) : [], blocked };
}

/** The helper named what it read ("PDF · 12 pages"): that chip replaces the plain "PDF". */
export function addChip(messages, label) {
  const user = messages.findLast((m) => m.role === "user");
  if (user) user.chips = [label, ...(user.chips ?? []).filter((c) => c !== label.split(" · ")[0])];
  return false;
}

/** Snapshots of the other tabs the user added (each enriched like the chat's own tab). */
export async function otherTabs(ids) {
  const out = [];
  for (const id of ids.slice(0, MAX_TABS)) {
    let snap;
    try {
      snap = await pageSnapshot(id);
    } catch {
      snap = await basicPage(id);
    }
    if (!snap) continue;
    await enrich(id, snap);
    if (snap.html && snap.html.length > TAB_HTML_CHARS) snap.html = snap.html.slice(0, TAB_HTML_CHARS);
    delete snap.screenshot;
    out.push(snap);
  }
  return out;
}
