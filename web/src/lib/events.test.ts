import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { LiveEvents, type SseEvent } from './events';

/** collect reads a stream of chunks through LiveEvents (with eventsource-parser
 * inside) and returns the events of the types given, once n have come. */
async function collect(chunks: string[], types: string[], n: number): Promise<{ events: SseEvent[]; live: LiveEvents }> {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(enc.encode(chunk));
    },
  });
  const live = new LiveEvents({
    token: 't',
    url: 'http://localhost/api/events/',
    minDelayMs: 60_000,
    fetch: async () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
  });
  const events: SseEvent[] = [];
  for (const type of types) live.subscribe(type, (_data, e) => events.push(e));
  live.start();
  await waitFor(() => expect(events.length).toBeGreaterThanOrEqual(n));
  live.stop();
  return { events, live };
}

describe('the event stream', () => {
  it('reads the server’s events (id, type, JSON data), split anywhere, with LF, CRLF or CR line ends', async () => {
    const text = 'retry: 2000\n\nid: 1\r\nevent: message\r\ndata: {"a":1}\r\n\r\nid: 2\revent: read\rdata: two\r\rid: 3\ndata: three\n\n';
    // Every split point, including between a CR and its LF.
    for (let i = 0; i <= text.length; i++) {
      const { events } = await collect([text.slice(0, i), text.slice(i)], ['message', 'read'], 3);
      expect(events.map((e) => [e.id, e.type, e.data]), `split at ${i}`).toEqual([
        ['1', 'message', '{"a":1}'],
        ['2', 'read', 'two'],
        ['3', 'message', 'three'],
      ]);
    }
  });

  it('ignores heartbeats and unknown fields, joins data lines, and keeps the last id for events without one', async () => {
    const { events, live } = await collect(
      [': ping\n\n', 'id: 5\nfoo: bar\ndata:  two spaces\n\n', 'event: read\n\n', 'data: a\ndata\ndata: c\n\n'],
      ['message', 'read'],
      2,
    );
    expect(events).toEqual([
      { type: 'message', id: '5', data: ' two spaces' },
      { type: 'message', id: '5', data: 'a\n\nc' },
    ]);
    expect(live.lastEventId).toBe('5');
  });
});

type Stream = { push: (text: string) => void; end: () => void; lastEventId: string | null; auth: string | null; lang: string | null };

/** mockStream answers GET /api/events/ with a stream the test writes to; one per connection. */
function mockStream(): Stream[] {
  const streams: Stream[] = [];
  const enc = new TextEncoder();
  server.use(
    http.get('*/api/events/', ({ request }) => {
      let ctrl!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          ctrl = c;
        },
      });
      streams.push({
        push: (t) => ctrl.enqueue(enc.encode(t)),
        end: () => ctrl.close(),
        lastEventId: request.headers.get('Last-Event-ID'),
        auth: request.headers.get('Authorization'),
        lang: request.headers.get('Accept-Language'),
      });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return streams;
}

let client: LiveEvents | null = null;
afterEach(() => {
  client?.stop();
  client = null;
});

describe('LiveEvents', () => {
  it('sends the bearer token, reports when it is up, and hands parsed data to subscribers', async () => {
    const streams = mockStream();
    client = new LiveEvents({ token: 'tok', minDelayMs: 10, maxDelayMs: 40 });
    const got: unknown[] = [];
    const statuses: string[] = [];
    client.subscribe('message', (d) => got.push(d));
    client.onStatus(() => statuses.push(client!.status));
    client.start();
    await waitFor(() => expect(client!.status).toBe('open'));
    expect(streams[0]!.auth).toBe('Bearer tok');
    expect(streams[0]!.lastEventId).toBeNull();
    streams[0]!.push('retry: 10\n\n: ping\n\nid: 41\nevent: message\ndata: {"chat_id":1}\n\n');
    await waitFor(() => expect(got).toEqual([{ chat_id: 1 }]));
    expect(client.lastEventId).toBe('41');
    expect(statuses).toEqual(['open']);
  });

  it('reconnects after the stream drops, resuming with Last-Event-ID, and reports the gap', async () => {
    const streams = mockStream();
    client = new LiveEvents({ token: 'tok', minDelayMs: 10, maxDelayMs: 40 });
    const got: unknown[] = [];
    const statuses: string[] = [];
    client.subscribe('message', (d) => got.push(d));
    client.onStatus(() => statuses.push(client!.status));
    client.start();
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.push('id: 9\nevent: message\ndata: {"n":1}\n\n');
    await waitFor(() => expect(got).toHaveLength(1));
    streams[0]!.end();
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(streams[1]!.lastEventId).toBe('9');
    await waitFor(() => expect(client!.status).toBe('open'));
    streams[1]!.push('id: 10\nevent: message\ndata: {"n":2}\n\n');
    await waitFor(() => expect(got).toEqual([{ n: 1 }, { n: 2 }]));
    expect(statuses).toEqual(['open', 'connecting', 'open']);
  });

  it('backs off between failed tries, doubling up to the limit', async () => {
    const times: number[] = [];
    server.use(
      http.get('*/api/events/', () => {
        times.push(performance.now());
        return HttpResponse.json({ detail: 'down' }, { status: 503 });
      }),
    );
    client = new LiveEvents({ token: 'tok', minDelayMs: 20, maxDelayMs: 80, random: () => 1 });
    client.start();
    await waitFor(() => expect(times.length).toBeGreaterThanOrEqual(5), { timeout: 3000 });
    client.stop();
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // 20, 40, 80, 80 ms (jitter fixed at its top), give or take the timer's slack.
    expect(gaps[0]).toBeGreaterThanOrEqual(15);
    expect(gaps[1]).toBeGreaterThanOrEqual(35);
    expect(gaps[2]).toBeGreaterThanOrEqual(75);
    expect(gaps[3]).toBeGreaterThanOrEqual(75);
    expect(gaps[3]).toBeLessThan(400);
    expect(client.status).toBe('closed');
  });

  it('gives up on 204 and 401 (screens poll instead) and stops for good on stop()', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/events/', () => {
        calls++;
        return new HttpResponse(null, { status: 401 });
      }),
    );
    client = new LiveEvents({ token: 'tok', minDelayMs: 5, maxDelayMs: 10 });
    client.start();
    await waitFor(() => expect(client!.status).toBe('closed'));
    await new Promise((r) => setTimeout(r, 60));
    expect(calls).toBe(1);

    const streams = mockStream();
    const other = new LiveEvents({ token: 'tok', minDelayMs: 5, maxDelayMs: 10 });
    other.start();
    await waitFor(() => expect(other.status).toBe('open'));
    other.stop();
    expect(other.status).toBe('closed');
    await new Promise((r) => setTimeout(r, 60));
    expect(streams).toHaveLength(1);
  });

  it('drops the stream when the browser goes offline and reconnects at once when it is back', async () => {
    const streams = mockStream();
    client = new LiveEvents({ token: 'tok', minDelayMs: 5_000, maxDelayMs: 10_000 });
    client.start();
    await waitFor(() => expect(client!.status).toBe('open'));
    streams[0]!.push('id: 3\ndata: {}\n\n');
    await waitFor(() => expect(client!.lastEventId).toBe('3'));
    window.dispatchEvent(new Event('offline'));
    await waitFor(() => expect(client!.status).toBe('connecting'));
    window.dispatchEvent(new Event('online'));
    // Without the 'online' wake-up the next try would wait 2.5 to 5 seconds.
    await waitFor(() => expect(streams).toHaveLength(2), { timeout: 1000 });
    expect(streams[1]!.lastEventId).toBe('3');
  });

  it('asks for the interface language at each connection (the server writes notifications in it)', async () => {
    const streams = mockStream();
    let lang = 'fa';
    client = new LiveEvents({ token: 'tok', lang: () => lang, minDelayMs: 10, maxDelayMs: 40 });
    client.start();
    await waitFor(() => expect(client!.status).toBe('open'));
    expect(streams[0]!.lang).toBe('fa');
    streams[0]!.push('id: 3\nevent: message\ndata: {}\n\n');
    await waitFor(() => expect(client!.lastEventId).toBe('3'));
    lang = 'en';
    client.reconnect();
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(streams[1]!.lang).toBe('en');
    expect(streams[1]!.lastEventId).toBe('3');
  });
});
