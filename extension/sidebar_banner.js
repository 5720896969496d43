// The banner at the top of the sidebar: the helper's connection status (not installed, with
// the install hint and the browser's own words; reconnecting) and short notices.
import { send } from "./sidebar_link.js";

const $ = (id) => document.getElementById(id);
let hostStatus = { status: "connecting" };
let toastTimer = null;

/** The background's hostInfo(): {status, detail, version, hint?}. */
export function showHostStatus(info) {
  hostStatus = info;
  renderBanner();
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

/** A short notice for five seconds, unless the banner is showing a connection problem. */
export function toast(text) {
  const b = $("banner");
  if (!b.hidden && hostStatus.status !== "ready") return;
  b.className = "banner warn";
  b.textContent = text;
  b.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => renderBanner(), 5000);
}

/** A notice from the helper (a damaged settings file was repaired…): shown until dismissed. */
export function showNotice(notice) {
  const box = $("notice");
  const text = document.createElement("span");
  text.textContent = notice.message;
  const actions = document.createElement("span");
  actions.className = "actions";
  if (notice.code === "settings_reset") {
    const open = document.createElement("button");
    open.type = "button";
    open.className = "secondary small";
    open.textContent = "Open Settings";
    open.dataset.testid = "notice-open-settings";
    open.addEventListener("click", () => { box.hidden = true; $("open-settings").click(); });
    actions.append(open);
  }
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.className = "ghost small";
  dismiss.dataset.testid = "notice-dismiss";
  dismiss.textContent = "Dismiss";
  dismiss.addEventListener("click", () => { box.hidden = true; });
  actions.append(dismiss);
  box.replaceChildren(text, actions);
  box.dataset.code = notice.code ?? "";
  box.hidden = false;
}
