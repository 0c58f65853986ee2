// The table page talking to the server: a request answered as {ok, status, body, retry} (never a
// throw: a server out of reach is status 0), a write sent again until its answer is sure, the
// table's event stream, and the delay before trying again, doubled up to 8 s while the server is
// down or busy (503) and reset once it answers. What the page then shows is the table script's.

export async function api(method, path, body) {
  try {
    const response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let payload = null;
    try { payload = await response.json(); } catch (e) { payload = null; }
    const retry = Number(response.headers.get("Retry-After"));
    return { ok: response.ok, status: response.status, body: payload, retry: Number.isFinite(retry) ? retry : 0 };
  } catch (e) {
    return { ok: false, status: 0, body: null, retry: 0 };
  }
}

// a server that is down (0) or busy (503) is waited for: the page says so and tries again
export const unreachable = (reply) => reply.status === 0 || reply.status === 503;
export const unknown = (reply) => reply.status === 503 && Boolean(reply.body && reply.body.error && reply.body.error.code === "unknown");

/** ``resending()``: said while a write is sent again. */
export function createServer({ resending }) {
  let retryMs = 1000; // the event stream's reconnection delay, doubled up to 8 s while it fails
  let retryTimer = null;
  let events = null;

  // A write the server may have applied before its database failed (503 "unknown") is sent again,
  // the same request at the same seq (the server answers one already applied as done, and never
  // applies it twice), until an answer says what happened; a failure of a resend is as unsure.
  async function sendSure(method, path, body) {
    let wait = 1000;
    let unsure = false;
    for (;;) {
      const reply = await api(method, path, body);
      if (!unknown(reply) && !(unsure && unreachable(reply))) return reply;
      unsure = true;
      resending();
      await new Promise((resolve) => setTimeout(resolve, Math.max(wait, reply.retry * 1000)));
      wait = Math.min(wait * 2, 8000);
    }
  }

  // ``again`` after the current delay (or the server's Retry-After, ``retry`` s, if longer); the
  // next delay is twice as long
  function later(again, retry = 0) {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(again, Math.max(retryMs, retry * 1000));
    retryMs = Math.min(retryMs * 2, 8000);
  }

  // the server answered: the next wait is short again
  function answered() {
    retryMs = 1000;
  }

  // The event stream at ``url``, instead of any before it: ``back()`` on each table, then
  // ``table(table)``, ``say(news)`` for a quick message or a table that follows, ``lost()`` when
  // the stream fails. EventSource gives up on an answer that is not a stream (a 503 while the
  // server catches up): ``lost`` reconnects by hand, through ``later``.
  function follow(url, { back, table, say, lost }) {
    if (events) events.close();
    clearTimeout(retryTimer);
    events = new EventSource(url);
    events.addEventListener("table", (event) => {
      back();
      try { table(JSON.parse(event.data)); } catch (e) { /* a malformed event: the next one heals */ }
    });
    events.addEventListener("say", (event) => {
      let news = null;
      try { news = JSON.parse(event.data); } catch (e) { return; }
      say(news);
    });
    events.onerror = () => {
      events.close();
      lost();
    };
  }

  return { sendSure, later, answered, follow };
}
