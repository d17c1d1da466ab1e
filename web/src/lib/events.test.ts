import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/server';
import { LiveEvents, SseParser, type SseEvent } from './events';

function parse(chunks: string[]) {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const comments: string[] = [];
  const p = new SseParser(
    (e) => events.push(e),
    (ms) => retries.push(ms),
    (c) => comments.push(c),
  );
  for (const c of chunks) p.push(c);
  return { events, retries, comments, parser: p };
}

describe('SseParser', () => {
  it('reads the server’s events: id, type and JSON data', () => {
    const { events, retries } = parse([
      'retry: 2000\n\n',
      'id: 7\nevent: message\ndata: {"chat_id":3,"message":{"id":1}}\n\n',
      'id: 8\nevent: read\ndata: {"chat_id":3}\n\n',
    ]);
    expect(retries).toEqual([2000]);
    expect(events).toEqual([
      { type: 'message', id: '7', data: '{"chat_id":3,"message":{"id":1}}' },
      { type: 'read', id: '8', data: '{"chat_id":3}' },
    ]);
  });

  it('joins events split anywhere across chunks, with LF, CRLF or CR line ends', () => {
    const text = 'id: 1\r\nevent: message\r\ndata: {"a":1}\r\n\r\nid: 2\rdata: two\r\rid: 3\ndata: three\n\n';
    // Every possible split point, including between a CR and its LF.
    for (let i = 0; i <= text.length; i++) {
      const { events } = parse([text.slice(0, i), text.slice(i)]);
      expect(events.map((e) => [e.id, e.type, e.data]), `split at ${i}`).toEqual([
        ['1', 'message', '{"a":1}'],
        ['2', 'message', 'two'],
        ['3', 'message', 'three'],
      ]);
    }
    const { events } = parse([...text]);
    expect(events).toHaveLength(3);
  });

  it('ignores comment lines (heartbeats) and unknown fields, and keeps one leading space only', () => {
    const { events, comments } = parse([': ping\n\n', 'foo: bar\ndata:  two spaces\n\n', ':\n']);
    expect(comments).toEqual(['ping', '']);
    expect(events).toEqual([{ type: 'message', id: '', data: ' two spaces' }]);
  });

  it('joins several data lines with newlines and dispatches nothing without data', () => {
    const { events } = parse(['event: read\n\n', 'data: a\ndata\ndata: c\n\n', 'data: tail-without-blank-line\n']);
    expect(events).toEqual([{ type: 'message', id: '', data: 'a\n\nc' }]);
  });

  it('keeps the last id for later events, drops a BOM, and rejects ids with NUL', () => {
    const { events, parser } = parse(['\uFEFFid: 5\ndata: x\n\n', 'data: y\n\n', 'id: bad\0id\ndata: z\n\n', 'retry: soon\n\n']);
    expect(events.map((e) => e.id)).toEqual(['5', '5', '5']);
    expect(parser.lastEventId).toBe('5');
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
