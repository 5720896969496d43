// The confirmation card: what the helper wants to do, shown in full before it happens.
// Everything that will be typed (scrollable, never cut), the destination origin in bold for
// anything that navigates or sends (punycode for international names, a "user@" part that
// hides the real host called out), the href of a link about to be clicked, and the site the
// grant would cover. The card never takes the focus (typing in the composer goes on; Enter
// there sends nothing while a chat runs), and Allow / Deny ignore activation for their
// first 500 ms so a keystroke or click meant for something else cannot answer it.

export const ARM_MS = 500;
const TITLES = {
  click_element: "Click on the page?", fill_input: "Fill in a field?", open_url: "Open a page?",
  scroll: "Scroll the page?", search_web: "Search the web?",
};

const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

/** One line "label: <strong>value</strong>". */
function line(label, value, cls = "confirm-dest") {
  const p = el("p", cls);
  p.append(document.createTextNode(`${label} `), el("strong", "", value));
  return p;
}

function originOf(href) {
  try { return new URL(href).origin; } catch { return href; }
}

/** The card for confirm request `c`; `answer(approved, remember)` is called at most once. */
export function confirmCard(c, answer) {
  const d = c.details ?? {};
  const card = el("div", "confirm");
  card.dataset.id = c.id;
  card.setAttribute("role", "group");
  card.setAttribute("aria-label", "Permission request");
  const title = c.agent ? `${c.agent} asks to use your browser`
    : TITLES[c.tool] ?? (c.tool.startsWith("mcp__") ? "Run a tool of your MCP server?" : "Allow this action?");
  card.append(el("div", "confirm-title", title), el("p", "confirm-summary", c.summary || c.tool));
  if (c.target) card.append(el("p", "confirm-target", c.target));
  if (c.href) card.append(line("Link goes to", originOf(c.href)), el("p", "confirm-url", c.href));
  if (d.dest) {
    card.append(line(c.tool === "search_web" ? "Sent to" : "Goes to", d.dest));
    if (d.url) card.append(el("p", "confirm-url", d.url));
  }
  if (d.userinfo) card.append(el("p", "confirm-warn", `⚠ “${d.userinfo}” at the start of the address is a user name, not the site: the page is on ${d.dest}.`));
  if (d.unicode_host) card.append(el("p", "confirm-warn", `⚠ International address: it displays as “${d.unicode_host}” but is ${d.dest}.`));
  if (typeof d.text === "string") {
    const text = el("pre", "confirm-text", d.text);
    text.tabIndex = 0; // scrollable by keyboard too
    text.setAttribute("aria-label", "The text that will be typed");
    card.append(el("p", "confirm-label", `Text to type (${d.text.length} characters):`), text);
  }
  card.append(el("p", "confirm-meta", [c.tool, c.site].filter(Boolean).join(" · ")));
  const remember = el("label", "check");
  const box = el("input");
  box.type = "checkbox";
  box.id = "confirm-remember";
  const scope = d.dest && c.tool !== "search_web" ? ` to ${d.dest}` : "";
  remember.append(box, document.createTextNode(c.site ? ` Always allow on ${c.site}${scope}` : " Always allow on this site"));
  if (c.site && !c.agent) card.append(remember); // another program's request is asked every time
  const buttons = el("div", "buttons");
  const allow = el("button", "primary", "Allow");
  const deny = el("button", "secondary", "Deny");
  allow.type = deny.type = "button";
  allow.dataset.testid = "confirm-allow";
  deny.dataset.testid = "confirm-deny";
  const shown = performance.now();
  let answered = false;
  const armed = () => performance.now() - shown >= ARM_MS;
  allow.disabled = deny.disabled = true;
  setTimeout(() => { allow.disabled = deny.disabled = false; }, ARM_MS);
  const on = (approved) => (e) => {
    if (!armed() || answered || !e.isTrusted) return;
    answered = true;
    answer(approved, approved && box.checked);
  };
  allow.addEventListener("click", on(true));
  deny.addEventListener("click", on(false));
  buttons.append(allow, deny);
  card.append(buttons);
  return card;
}
