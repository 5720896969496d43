// The sidebar's connection to the background (a runtime port named "sidebar"). The
// background owns the helper connection and the per-tab state, so when the service worker
// restarts the sidebar just reconnects and says hello again. request() sends one message on
// to the helper and resolves with its reply.

const api = globalThis.browser ?? globalThis.chrome;
let port = null;
const waiting = new Map(); // rid → {resolve, reject}
let ridSeq = 0;
let onMessage = (_msg) => {};
let onReconnect = () => {};

/** Connect; `handlers.message` gets every message that is not a reply, `handlers.reconnected` runs after a restart. */
export function connectLink(handlers) {
  onMessage = handlers.message;
  onReconnect = handlers.reconnected;
  open();
}

function open() {
  port = api.runtime.connect({ name: "sidebar" });
  port.onMessage.addListener(receive);
  port.onDisconnect.addListener(() => {
    // the service worker was stopped or restarted: reconnect and ask for the state again
    port = null;
    for (const [, w] of waiting) w.reject(new Error("Tabmate restarted — try again."));
    waiting.clear();
    setTimeout(() => { open(); onReconnect(); }, 250);
  });
}

function receive(msg) {
  if (msg.type !== "reply") {
    onMessage(msg);
    return;
  }
  const w = waiting.get(msg.rid);
  if (!w) return;
  waiting.delete(msg.rid);
  if (msg.ok) w.resolve(msg.msg);
  else w.reject(Object.assign(new Error(msg.error.message), msg.error));
}

export function send(msg) {
  if (!port) open();
  port.postMessage(msg);
}

/** A request to Tabmate's helper (get_settings, test_connection…), answered through the background. */
export function request(msg, timeout) {
  const rid = ++ridSeq;
  return new Promise((resolve, reject) => {
    waiting.set(rid, { resolve, reject });
    send({ type: "request", rid, msg, timeout });
  });
}
