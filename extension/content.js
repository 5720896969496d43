// Tabmate content script: injected on demand into the tab a chat is about (scripting API).
// Takes page snapshots and runs element actions (click, fill, scroll) by interactive index,
// and puts a draft into the compose box the user last focused (after the draft card's Insert).
// A classic script (content scripts cannot be modules); injecting it twice is harmless.
(() => {
  if (globalThis.__tabmateContent) return;
  globalThis.__tabmateContent = true;
  const api = globalThis.browser ?? globalThis.chrome;

  const MAX_HTML = 3 * 1024 * 1024; // characters of HTML sent with a snapshot
  const MAX_TEXT = 200 * 1024;

  /** text cut to at most n UTF-16 units, never between the two halves of an emoji */
  function clip(text, n) {
    if (text.length <= n) return text;
    const code = text.charCodeAt(n - 1);
    return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
  }
  const INTERACTIVE = [
    "a[href]", "button", "input:not([type=hidden])", "select", "textarea",
    "[role=button]", "[role=link]", "[contenteditable=true]", "[contenteditable='']", "[onclick]",
  ].join(",");
  const INDEX_ATTR = "data-tabmate-index";

  function visible(el) {
    if (!el.isConnected) return false;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden" || style.visibility === "collapse") return false;
    if (el.closest("[hidden],[aria-hidden=true]")) return false;
    const rects = el.getClientRects();
    return rects.length > 0 && Array.from(rects).some((r) => r.width > 0 && r.height > 0);
  }

  /** Number the visible interactive elements in document order (the host's extractor uses it). */
  function stamp() {
    for (const el of document.querySelectorAll(`[${INDEX_ATTR}]`)) el.removeAttribute(INDEX_ATTR);
    let n = 0;
    for (const el of document.querySelectorAll(INTERACTIVE)) {
      if (!visible(el)) continue;
      n += 1;
      el.setAttribute(INDEX_ATTR, String(n));
    }
    return n;
  }

  // Text a person cannot see must not reach the model (a known prompt-injection channel).
  // Each element holding text is marked data-tabmate-hidden="<why>" when it is not drawn at
  // all (drawn(), below), rendered at font-size 0, moved off-screen (or text-indented away),
  // clipped to nothing, or written in its background's colour; the host drops the marked
  // element's own text (native_host/page/parse.py). Short clipped or off-screen labels
  // (≤ 24 characters: "Skip to content", a screen-reader price) stay: that is how accessible
  // pages label things.
  const HIDDEN_ATTR = "data-tabmate-hidden";
  const SHORT_LABEL = 24;

  function rgb(value) {
    const m = /rgba?\(([\d.]+)[, ]+([\d.]+)[, ]+([\d.]+)(?:[,/ ]+([\d.]+))?/.exec(value || "");
    return m ? { r: +m[1], g: +m[2], b: +m[3], a: m[4] === undefined ? 1 : +m[4] } : null;
  }

  function background(el, memo) {
    for (let e = el; e; e = e.parentElement) {
      if (memo.has(e)) return memo.get(e);
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0.9 && getComputedStyle(e).backgroundImage === "none") { memo.set(e, c); return c; }
      if (c && c.a > 0) return null; // translucent or an image behind: cannot tell, keep the text
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  }

  function faded(el, memo) { // el or an ancestor is clipped to nothing (not opacity: reveal-on-scroll pages use it)
    const chain = [];
    let e = el;
    for (; e && e !== document.documentElement && !memo.has(e); e = e.parentElement) chain.push(e);
    let result = e && memo.has(e) ? memo.get(e) : false;
    for (const x of chain.reverse()) {
      if (!result) {
        const s = getComputedStyle(x);
        const r = x.getBoundingClientRect();
        result = /inset\(\s*50%|circle\(\s*0/.test(s.clipPath)
          || (/^rect\(/.test(s.clip) && r.width <= 1 && r.height <= 1)
          || (s.overflow === "hidden" && r.width <= 1 && r.height <= 1) ? "clip" : false;
      }
      memo.set(x, result);
    }
    return result;
  }

  function hiddenWhy(el, text, memos) {
    if (!drawn(el)) return "unrendered";
    const s = getComputedStyle(el);
    if (parseFloat(s.fontSize) < 1) return "font-size";
    const color = rgb(s.color);
    if (color && color.a < 0.05) return "transparent";
    const bg = color && background(el, memos.bg);
    if (bg && Math.abs(color.r - bg.r) + Math.abs(color.g - bg.g) + Math.abs(color.b - bg.b) < 24) return "same-colour";
    if (text.length <= SHORT_LABEL) return null;
    const r = el.getBoundingClientRect();
    if (r.right + scrollX <= 0 || r.bottom + scrollY <= 0 || parseFloat(s.textIndent) < -999) return "off-screen";
    return faded(el, memos.faded) || null;
  }

  // Text the browser does not draw at all — display: none (from a stylesheet too), a closed
  // <details>, content-visibility: hidden — is left out as innerText leaves it out, whatever its
  // length: a shop's "Sold out" template hidden by its class is not the product's stock, and a
  // hidden block is the commonest prompt-injection trick. Options of a <select> have no box of
  // their own and stay (sizes on offer); visibility: hidden is not looked at (reveal-on-scroll
  // scripts start content that way).
  function drawn(el) {
    if (el.closest("select,datalist")) return true;
    const seen = typeof el.checkVisibility === "function" ? el.checkVisibility() : el.getClientRects().length > 0;
    if (seen) return true;
    const parent = el.parentElement; // display: contents draws no box of its own, its content is drawn
    return getComputedStyle(el).display === "contents" && !!parent && parent !== document.documentElement && drawn(parent);
  }

  function markHidden() {
    for (const el of document.querySelectorAll(`[${HIDDEN_ATTR}]`)) el.removeAttribute(HIDDEN_ATTR);
    if (!document.body) return;
    const owners = new Map(); // element → its own text
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const t = walk.currentNode;
      const el = t.parentElement;
      if (el && t.data.trim() && !/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE)$/.test(el.tagName)) owners.set(el, (owners.get(el) ?? "") + t.data.trim());
    }
    const memos = { bg: new Map(), faded: new Map() };
    for (const [el, text] of owners) {
      const why = hiddenWhy(el, text, memos);
      if (why) el.setAttribute(HIDDEN_ATTR, why);
    }
  }

  function selectionText() {
    const active = document.activeElement;
    if (active && (active.tagName === "TEXTAREA" || (active.tagName === "INPUT" && /^(text|search|url|email)$/i.test(active.type)))) {
      const { selectionStart: s, selectionEnd: e } = active;
      if (typeof s === "number" && e > s) return active.value.slice(s, e);
    }
    return String(getSelection() ?? "").trim();
  }

  function snapshot() {
    const count = stamp();
    markHidden();
    let html = document.documentElement ? document.documentElement.outerHTML : "";
    const truncated = html.length > MAX_HTML;
    if (truncated) html = clip(html, MAX_HTML);
    const text = clip(document.body?.innerText ?? "", MAX_TEXT);
    return {
      url: location.href,
      title: document.title,
      html,
      text,
      selection: selectionText() || null,
      lang: document.documentElement?.lang || navigator.language || null,
      interactive_count: count,
      html_truncated: truncated,
    };
  }

  function byIndex(index) {
    let el = document.querySelector(`[${INDEX_ATTR}="${Number(index)}"]`);
    if (!el) {
      stamp(); // the page may have changed since the snapshot: number it again
      el = document.querySelector(`[${INDEX_ATTR}="${Number(index)}"]`);
    }
    if (!el) throw new Error(`no interactive element with index ${index} on this page`);
    return el;
  }

  function bySelector(selector) {
    const el = document.querySelector(selector);
    if (!el) throw new Error(`no element matches ${selector}`);
    return el;
  }

  function target(args) {
    if (args.index !== undefined && args.index !== null) return byIndex(args.index);
    if (args.selector) return bySelector(args.selector);
    throw new Error("give an element index");
  }

  function label(el) {
    const text = (el.getAttribute("aria-label") || el.innerText || el.value || el.getAttribute("placeholder")
      || el.getAttribute("title") || el.getAttribute("name") || "").trim().replace(/\s+/g, " ");
    return `${el.tagName.toLowerCase()}${text ? ` "${clip(text, 80)}"` : ""}`;
  }

  let highlightBox = null;
  function highlight(el) {
    el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
    const r = el.getBoundingClientRect();
    highlightBox?.remove();
    highlightBox = document.createElement("div");
    Object.assign(highlightBox.style, {
      position: "fixed", left: `${r.left - 4}px`, top: `${r.top - 4}px`,
      width: `${r.width + 8}px`, height: `${r.height + 8}px`, border: "2px solid #6d4aff",
      borderRadius: "6px", boxShadow: "0 0 0 4px rgba(109,74,255,.25)", pointerEvents: "none",
      zIndex: "2147483647", transition: "opacity .4s",
    });
    highlightBox.setAttribute("data-tabmate-highlight", "");
    document.documentElement.appendChild(highlightBox);
    const box = highlightBox;
    setTimeout(() => { box.style.opacity = "0"; }, 1200);
    setTimeout(() => box.remove(), 1700);
  }

  /** Where clicking `el` would take the tab when that is another site: a link's or a submit button's form address. */
  function offSite(el) {
    const link = el.closest("a[href]");
    const submits = el.form && (el.type === "submit" || el.type === "image");
    const address = link ? link.href : submits ? (el.formAction || el.form.action) : "";
    try {
      const url = new URL(address, location.href);
      return /^https?:$/.test(url.protocol) && url.origin !== location.origin ? url.href : null;
    } catch { return null; }
  }

  function click(args) {
    const el = target(args);
    highlight(el);
    if (el.disabled) throw new Error(`${label(el)} is disabled`);
    const leaving = args.stay_on_site ? offSite(el) : null;
    if (leaving) return { leaves_site: leaving }; // not clicked: the user is asked first

    el.focus?.({ preventScroll: true });
    el.click();
    return { clicked: label(el) };
  }

  /** Set a text field's value so frameworks that track it (React) see the change. */
  function setValue(el, text) {
    if (el.disabled || el.readOnly) throw new Error(`${label(el)} cannot be edited`);
    el.focus();
    // the prototype's setter, so frameworks that track the value (React) see the change
    const proto = el.tagName === "INPUT" ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value").set.call(el, text);
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function fill(args) {
    const el = target(args);
    highlight(el);
    const text = String(args.text ?? "");
    if (el.isContentEditable) {
      el.focus();
      el.textContent = text;
      el.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertText", data: text }));
    } else if (el.tagName === "SELECT") {
      const option = Array.from(el.options).find((o) => o.value === text || o.text.trim() === text.trim());
      if (!option) throw new Error(`${label(el)} has no option "${text}"`);
      el.value = option.value;
      el.dispatchEvent(new Event("input", { bubbles: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
    } else if (el.tagName === "INPUT" || el.tagName === "TEXTAREA") {
      setValue(el, text);
    } else {
      throw new Error(`${label(el)} is not a text field`);
    }
    return { filled: label(el), text };
  }

  // ---------------------------------------------------------------- drafts into compose boxes
  // The sidebar takes the focus away from the page, so remember the last editable element the
  // user focused; the draft card's "Insert into page" button fills it (never without that click).
  const TEXT_INPUT = /^(text|search|email|url|tel)$/i;
  const NO_TARGET = "Click into the reply box on the page, then press Insert again.";

  /** The editable element (textarea, text-like input, contenteditable host) el is, or null. */
  function editable(el) {
    if (!el || el.nodeType !== 1) return null;
    if (el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && TEXT_INPUT.test(el.type))) {
      return el.disabled || el.readOnly ? null : el;
    }
    if (!el.isContentEditable) return null;
    let host = el;
    while (host.parentElement?.isContentEditable) host = host.parentElement;
    return host;
  }

  // focusin alone is not enough: a page whose window does not have the focus (Firefox fires no
  // focus events then, e.g. while the sidebar has it) still moves document.activeElement on a
  // click, so the box focused now comes first, then the last one seen focused or pressed.
  let lastEditable = editable(document.activeElement);
  const remember = (e) => {
    const el = editable(e.composedPath?.()[0] ?? e.target);
    if (el) lastEditable = el;
  };
  document.addEventListener("focusin", remember, true);
  document.addEventListener("pointerdown", remember, true);

  const usable = (el) => el && el.isConnected && editable(el) === el && visible(el);

  function composeBox() {
    const focused = editable(document.activeElement);
    if (usable(focused)) return focused;
    if (usable(lastEditable)) return lastEditable;
    const boxes = Array.from(document.querySelectorAll("textarea, [contenteditable]"))
      .map(editable).filter((el, i, all) => el && all.indexOf(el) === i && visible(el));
    return boxes.length === 1 ? boxes[0] : null;
  }

  /** Text nodes and <br>s at the caret (or the end of the box) when execCommand is not there. */
  function insertNodes(host, text) {
    const sel = getSelection();
    let range = sel && sel.rangeCount ? sel.getRangeAt(0) : null;
    if (!range || !host.contains(range.commonAncestorContainer)) {
      range = document.createRange();
      range.selectNodeContents(host);
      range.collapse(false);
    }
    range.deleteContents();
    const frag = document.createDocumentFragment();
    text.split("\n").forEach((line, i) => {
      if (i) frag.append(document.createElement("br"));
      if (line) frag.append(document.createTextNode(line));
    });
    const last = frag.lastChild;
    range.insertNode(frag);
    if (last) {
      range.setStartAfter(last);
      range.collapse(true);
      sel?.removeAllRanges();
      sel?.addRange(range);
    }
    host.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertText", data: text }));
  }

  /** Put text into a contenteditable box at its caret, or at its end if the caret is elsewhere. */
  function insertEditable(host, text) {
    const sel = getSelection();
    const inside = sel && sel.rangeCount && host.contains(sel.getRangeAt(0).commonAncestorContainer);
    host.focus({ preventScroll: true });
    if (!inside && sel) {
      const range = document.createRange();
      range.selectNodeContents(host);
      range.collapse(false);
      sel.removeAllRanges();
      sel.addRange(range);
    }
    const before = host.textContent;
    let done = false;
    try {
      done = document.execCommand("insertText", false, text); // keeps the editor's undo and events
    } catch { /* not supported here */ }
    if (!done || (text.trim() && host.textContent === before)) insertNodes(host, text);
  }

  function insertDraft(args) {
    const text = String(args.text ?? "");
    const el = composeBox();
    if (!el) throw new Error(NO_TARGET);
    highlight(el);
    if (el.isContentEditable) insertEditable(el, text);
    else setValue(el, text);
    return { inserted: label(el) };
  }

  function scroll(args) {
    const dir = args.direction === "up" ? -1 : 1;
    let amount = Number(args.amount);
    if (!Number.isFinite(amount) || amount <= 0) amount = Math.round(innerHeight * 0.8);
    else if (amount <= 10) amount = Math.round(amount * innerHeight); // small numbers mean screens
    scrollBy({ top: dir * amount, behavior: "instant" });
    const max = Math.max(0, document.documentElement.scrollHeight - innerHeight);
    return { scroll_y: Math.round(scrollY), max_scroll_y: max, at_end: scrollY >= max - 2, at_top: scrollY <= 0 };
  }

  function describe(args) {
    const el = target(args);
    highlight(el);
    const link = el.closest("a[href]");
    return { label: label(el), href: link ? link.href : null };
  }

  const OPS = {
    snapshot: () => snapshot(),
    describe,
    selection: () => ({ text: selectionText(), url: location.href, title: document.title }),
    click,
    fill,
    scroll,
    insert: insertDraft,
  };

  api.runtime.onMessage.addListener((msg, _sender, sendResponse) => {
    if (!msg || msg.tabmate !== 1 || !(msg.op in OPS)) return false;
    try {
      sendResponse({ ok: true, result: OPS[msg.op](msg.args ?? {}) });
    } catch (e) {
      sendResponse({ ok: false, error: String(e?.message ?? e) });
    }
    return false;
  });
})();
