// The one connection to Tabmate's helper (the native messaging host "tabmate_host"):
// connect, reconnect with backoff when it exits, the install hint when it is missing,
// requests answered by id, and "part" frames joined back into the message they belong to.
// What to do with chat traffic and the helper's own requests is decided by background.js,
// which passes its handlers to setHostHandlers().

const api = globalThis.browser ?? globalThis.chrome;
const HOST_NAME = "tabmate_host";
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000, 30000];
export const INSTALL_HINT = "Tabmate's helper is not installed — run `tabmate install`";

export const host = {
  port: null,
  status: "idle", // idle | connecting | ready | missing | down
  detail: "", // the browser's own error text
  version: null,
  attempt: 0,
  timer: null,
  seq: 0,
};
const parts = new Map(); // message id → {field, text} from "part" frames
const requests = new Map(); // request id → {resolve, reject, timer}

const handlers = {
  message: (_msg) => {}, // a message that answers no request (chat traffic, tool/confirm requests)
  status: (_info) => {}, // the connection's status changed (hostInfo())
  lost: (_text, _missing) => {}, // the port closed: fail whatever was running
  wanted: () => false, // reconnect after a disconnect only while something needs the helper
};

/** background.js: {message, status, lost, wanted} — see `handlers` above. */
export function setHostHandlers(h) {
  Object.assign(handlers, h);
}

export function nextId(prefix) {
  host.seq += 1;
  return `${prefix}${Date.now().toString(36)}-${host.seq}`;
}

export function hostInfo() {
  const info = { status: host.status, detail: host.detail, version: host.version };
  if (host.status === "missing") info.hint = INSTALL_HINT;
  return info;
}

function setHost(status, detail = "") {
  host.status = status;
  host.detail = detail;
  handlers.status(hostInfo());
}

function isMissingError(text) {
  return /not found|no such native application|not installed|forbidden|access to the specified native messaging host/i.test(text);
}

export function connect() {
  if (host.port) return;
  clearTimeout(host.timer);
  host.timer = null;
  setHost("connecting");
  let port;
  try {
    port = api.runtime.connectNative(HOST_NAME);
  } catch (e) {
    onDisconnect(null, String(e?.message ?? e));
    return;
  }
  host.port = port;
  port.onMessage.addListener(onHostMessage);
  port.onDisconnect.addListener((p) => {
    const err = p?.error?.message ?? api.runtime.lastError?.message ?? "";
    onDisconnect(p, err);
  });
  const pingId = nextId("ping");
  requests.set(pingId, {
    resolve: (msg) => { host.version = msg.version; host.attempt = 0; setHost("ready"); },
    reject: () => {},
  });
  post({ type: "ping", id: pingId });
}

/** "Try again" in the sidebar: reconnect now, starting the backoff over. */
export function reconnectNow() {
  host.attempt = 0;
  if (!host.port) connect();
}

function onDisconnect(port, error) {
  if (port && port !== host.port) return;
  host.port = null;
  const text = error || "The helper closed the connection.";
  const missing = isMissingError(text);
  setHost(missing ? "missing" : "down", text);
  for (const [id, req] of requests) {
    clearTimeout(req.timer);
    req.reject(Object.assign(new Error(missing ? INSTALL_HINT : "Lost the connection to Tabmate's helper."), { detail: text }));
    requests.delete(id);
  }
  handlers.lost(text, missing);
  parts.clear();
  const delay = BACKOFF_MS[Math.min(host.attempt, BACKOFF_MS.length - 1)];
  host.attempt += 1;
  host.timer = setTimeout(() => { host.timer = null; if (handlers.wanted()) connect(); }, delay);
}

/** Send one message to the helper (connecting first if needed); throws when it cannot. */
export function post(msg) {
  if (!host.port) connect();
  if (!host.port) throw new Error(host.status === "missing" ? INSTALL_HINT : "Tabmate's helper is not running.");
  host.port.postMessage(msg);
}

/** Send a request and wait for the reply with the same id. */
export function request(msg, timeoutMs = 60000) {
  const id = nextId("r");
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      requests.delete(id);
      reject(new Error("Tabmate's helper did not answer in time."));
    }, timeoutMs);
    requests.set(id, { resolve, reject, timer });
    try {
      post({ ...msg, id });
    } catch (e) {
      clearTimeout(timer);
      requests.delete(id);
      reject(e);
    }
  });
}

/** A long text arrives as "part" frames first: prepend them to that field of the message. */
function joinParts(msg) {
  if (msg.type === "part") {
    const key = String(msg.id);
    const prev = parts.get(key);
    parts.set(key, { field: msg.field, text: (prev?.text ?? "") + msg.text });
    return null;
  }
  const held = msg.id !== undefined ? parts.get(String(msg.id)) : null;
  if (held && typeof msg[held.field] === "string") {
    parts.delete(String(msg.id));
    return { ...msg, [held.field]: held.text + msg[held.field] };
  }
  return msg;
}

function onHostMessage(frame) {
  if (!frame || typeof frame !== "object") return;
  const msg = joinParts(frame);
  if (!msg) return;
  const req = msg.id !== undefined ? requests.get(msg.id) : null;
  if (!req) {
    handlers.message(msg);
    return;
  }
  requests.delete(msg.id);
  clearTimeout(req.timer);
  if (msg.type === "error") req.reject(Object.assign(new Error(msg.message), { code: msg.code, retryable: msg.retryable }));
  else req.resolve(msg);
}
