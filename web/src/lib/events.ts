// The live-events client: one server-sent event stream (GET /api/events/) per
// signed-in tab. EventSource cannot send the bearer token, so the stream is
// read with fetch and parsed by eventsource-parser (the WHATWG event stream
// rules). It reconnects with backoff, resuming from the last event id
// (Last-Event-ID), and reports whether it is up so that screens can fall back
// to polling while it is down.
import { createParser } from 'eventsource-parser';

/** SseEvent is one dispatched server-sent event. */
export type SseEvent = { type: string; data: string; id: string };

/** LiveStatus: connecting (first try or between tries), open, or closed (stopped or refused). */
export type LiveStatus = 'connecting' | 'open' | 'closed';

export type LiveEventsOptions = {
  /** The bearer token sent in the Authorization header. */
  token: string;
  /** The interface language, sent as Accept-Language at each connection:
   * the server writes the texts of its events (notifications) in it. */
  lang?: () => string;
  url?: string;
  /** Reconnection delays: the first try waits about minDelay, doubling up to maxDelay. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** With no bytes for this long (the server sends a comment every 25 s) the connection is taken as dead. */
  idleTimeoutMs?: number;
  fetch?: typeof fetch;
  random?: () => number;
};

type Handler = (data: unknown, e: SseEvent) => void;

/** LiveEvents is the client of GET /api/events/. start() connects; stop()
 * ends the stream for good (logout). Handlers get each event's data parsed
 * as JSON. */
export class LiveEvents {
  private readonly opts: Required<Omit<LiveEventsOptions, 'fetch' | 'lang'>> & Pick<LiveEventsOptions, 'lang'> & { fetch: typeof fetch };
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly statusListeners = new Set<() => void>();
  private current: LiveStatus = 'connecting';
  private stopped = true;
  private controller: AbortController | null = null;
  private reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  private wakeUp: (() => void) | null = null;
  private attempt = 0;
  private serverRetry: number | null = null;
  /** The id of the last event received; sent back as Last-Event-ID on reconnect. */
  lastEventId = '';
  /** A new object each time the stream opens, so that several listeners can
   * tell one opening from the next (and act on each once). */
  opening: object = {};

  constructor(opts: LiveEventsOptions) {
    this.opts = {
      // Same origin as the page; absolute, so that it works outside a browser too (tests).
      url: `${typeof location !== 'undefined' ? location.origin : 'http://localhost'}/api/events/`,
      minDelayMs: 1000,
      maxDelayMs: 30_000,
      idleTimeoutMs: 60_000,
      random: Math.random,
      ...opts,
      fetch: opts.fetch ?? ((...args) => globalThis.fetch(...args)),
    };
  }

  get status(): LiveStatus {
    return this.current;
  }

  /** subscribe calls handler for each event of type; it returns the unsubscribe function. */
  subscribe(type: string, handler: Handler): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** onStatus calls listener whenever status changes. */
  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (typeof window !== 'undefined') {
      window.addEventListener('offline', this.onOffline);
      window.addEventListener('online', this.onOnline);
    }
    void this.run();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (typeof window !== 'undefined') {
      window.removeEventListener('offline', this.onOffline);
      window.removeEventListener('online', this.onOnline);
    }
    this.drop();
    this.wakeUp?.();
    this.setStatus('closed');
  }

  /** reconnect drops the current connection and connects again at once. */
  reconnect(): void {
    if (this.stopped) return;
    this.attempt = 0;
    this.drop();
    this.wakeUp?.();
  }

  // The browser lost its network: the stream is surely dead, say so now.
  private onOffline = () => {
    this.drop();
  };

  // Back online: do not wait for the backoff.
  private onOnline = () => {
    this.attempt = 0;
    this.wakeUp?.();
  };

  private drop(): void {
    this.controller?.abort();
    // A body that is not tied to the fetch's signal (such as a mocked one) ends here too.
    this.reader?.cancel().catch(() => {});
  }

  private setStatus(s: LiveStatus): void {
    if (s === this.current) return;
    this.current = s;
    for (const l of [...this.statusListeners]) l();
  }

  private emit(event: SseEvent): void {
    // An event without an id field keeps the last one (the spec's "last event ID").
    const e = { ...event, id: event.id || this.lastEventId };
    this.lastEventId = e.id;
    const set = this.handlers.get(e.type);
    if (!set || set.size === 0) return;
    let data: unknown;
    try {
      data = JSON.parse(e.data);
    } catch {
      data = e.data;
    }
    for (const h of [...set]) {
      try {
        h(data, e);
      } catch (err) {
        console.error('live event handler', err);
      }
    }
  }

  /** delay is the wait before the next try: exponential with jitter (half to full). */
  private delay(): number {
    const base = Math.max(this.serverRetry ?? 0, this.opts.minDelayMs);
    const full = Math.min(this.opts.maxDelayMs, base * 2 ** Math.min(this.attempt, 16));
    return Math.round(full / 2 + (full / 2) * this.opts.random());
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(id);
        this.wakeUp = null;
        resolve();
      };
      const id = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const outcome = await this.connectOnce();
      if (this.stopped) return;
      if (outcome === 'refused') {
        // 401, 403 or 204: trying again will not help. Screens poll instead;
        // an expired session is noticed by their next call.
        this.setStatus('closed');
        this.stopped = true;
        return;
      }
      this.setStatus('connecting');
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        // Wait for the 'online' event (or the longest delay).
        await this.sleep(this.opts.maxDelayMs);
      } else {
        await this.sleep(this.delay());
      }
      this.attempt++;
    }
  }

  private async connectOnce(): Promise<'ended' | 'failed' | 'refused'> {
    const controller = new AbortController();
    this.controller = controller;
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${this.opts.token}`,
      'Cache-Control': 'no-cache',
    };
    if (this.lastEventId) headers['Last-Event-ID'] = this.lastEventId;
    const lang = this.opts.lang?.();
    if (lang) headers['Accept-Language'] = lang;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => this.drop(), this.opts.idleTimeoutMs);
    };
    try {
      const res = await this.opts.fetch(this.opts.url, { headers, signal: controller.signal, cache: 'no-store' });
      if (res.status === 204 || res.status === 401 || res.status === 403) return 'refused';
      const type = res.headers.get('Content-Type') ?? '';
      if (!res.ok || !res.body || !type.startsWith('text/event-stream')) return 'failed';
      const reader = res.body.getReader();
      this.reader = reader;
      if (this.stopped || controller.signal.aborted) {
        void reader.cancel().catch(() => {});
        return 'ended';
      }
      const decoder = new TextDecoder();
      // A new parser per connection: a half-read event of a dropped stream is not carried over.
      const parser = createParser({
        onEvent: (m) => this.emit({ type: m.event || 'message', data: m.data, id: m.id ?? '' }),
        onRetry: (ms) => {
          this.serverRetry = ms;
        },
      });
      this.opening = {};
      this.setStatus('open');
      this.attempt = 0;
      armIdle();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || controller.signal.aborted) break;
        armIdle();
        parser.feed(decoder.decode(value, { stream: true }));
      }
      return 'ended';
    } catch {
      return 'failed';
    } finally {
      clearTimeout(idle);
      this.reader = null;
      if (this.controller === controller) this.controller = null;
      controller.abort();
    }
  }
}
