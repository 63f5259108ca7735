// One table's WebSocket: says hello (with the seat token, if any), hands
// every server message to the page, and reconnects by itself with a growing
// pause when the connection drops, asking only for the events it missed.

export class TableConnection {
  /**
   * @param {string} tableId
   * @param {string|null} token  the seat's secret, or null to watch
   * @param {(msg: object) => void} onMessage
   * @param {(state: "connecting"|"open"|"closed"|"gone", why?: string) => void} onState
   * @param {{watch?: string|null, host?: string|null}} keys  the spectator key and the host's secret, if known
   */
  constructor(tableId, token, onMessage, onState, keys = {}) {
    this.tableId = tableId;
    this.token = token;
    this.keys = keys;
    this.onMessage = onMessage;
    this.onState = onState;
    this.events = 0; // how many events of the log this page holds
    // Message ids are this page's own: the server remembers a seat's acts by id and action
    // (across its connections), so another tab or a reloaded page must not reuse an id.
    this.page = Math.random().toString(36).slice(2, 10);
    this.nextId = 1;
    this.retry = 0;
    this.stopped = false;
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.onState("connecting");
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: "hello", since: this.events };
      if (this.token) {
        hello.token = this.token;
        hello.naming = true; // this page asks its person's name if the host left their seat unnamed
      }
      if (this.keys.watch) hello.watch = this.keys.watch;
      if (this.keys.host) hello.host = this.keys.host;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (e) => {
      const msg = JSON.parse(e.data);
      if (msg.type === "welcome") {
        this.retry = 0;
        this.onState("open");
      }
      if (msg.type === "error" && FATAL.has(msg.code)) {
        this.stopped = true;
        this.onState("gone", msg.message);
      }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.stopped) return;
      this.onState("closed");
      const pause = Math.min(5000, 300 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.open(), pause);
    };
  }

  /** Is the connection up (a message sent now reaches the server)? */
  get connected() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  /** Send a message; returns its id (acks and errors carry it back), or null when not connected. */
  send(msg) {
    if (!this.connected) return null;
    const id = `${this.page}.${this.nextId++}`;
    this.ws.send(JSON.stringify({ ...msg, id }));
    return id;
  }

  act(action) {
    return this.send({ type: "act", action });
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}

// Errors after which retrying cannot help.
const FATAL = new Set(["bad_token", "no_table", "hello_first", "private"]);
