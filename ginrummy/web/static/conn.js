// The table's WebSocket: opens, reconnects after a drop with ?since=n, never gives up on its own.
import { language } from "./i18n.js";

const FATAL = new Set([4401, 4404, 4409]); // a bad or spent token, an unknown game, the seat opened elsewhere: no retry

export class Connection {
  /**
   * gameId; token (a watch token; seats use their cookie); handlers:
   * onMessage(message), onOpen(), onLost(), onFatal(code, reason); since() gives the
   * last event number seen (-1: none yet).
   */
  constructor(gameId, { token = null, onMessage, onOpen, onLost, onFatal, since }) {
    Object.assign(this, { gameId, token, onMessage, onOpen, onLost, onFatal, since });
    this.socket = null;
    this.closed = false;
    this.attempt = 0;
    this.timer = null;
    this.lostShown = false;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const params = new URLSearchParams();
    if (this.token) params.set("token", this.token);
    const since = this.since();
    if (since >= 0) params.set("since", String(since));
    params.set("lang", language()); // the server says why it refuses a move in this language
    const query = params.toString();
    return `${scheme}//${location.host}/ws/${encodeURIComponent(this.gameId)}${query ? `?${query}` : ""}`;
  }

  open() {
    if (this.closed) return;
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      if (this.lostShown) this.lostShown = false;
      this.onOpen && this.onOpen();
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) return;
      if (FATAL.has(event.code)) {
        this.closed = true;
        this.onFatal && this.onFatal(event.code, event.reason);
        return;
      }
      this.lostShown = true;
      this.onLost && this.onLost(event.code);
      this.retry();
    });
  }

  retry() {
    if (this.closed || this.timer) return;
    const delay = Math.min(5000, 300 * 2 ** this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, delay);
  }

  /** Connect again after a fatal close (the seat was opened elsewhere: take it back). */
  reopen() {
    this.closed = false;
    this.attempt = 0;
    this.open();
  }

  get ready() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  send(message) {
    if (!this.ready) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close(1000);
    this.socket = null;
  }
}
