import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderApp, signIn } from '@/testing/test-utils';
import type { Chat, Message } from '../types';

const ME = 1;
const TEACHER = 7;

function message(id: number, over: Partial<Message> = {}): Message {
  return { id, chat_id: 5, sender: TEACHER, content: `message ${id}`, timestamp: new Date().toISOString(), attachment: null, ...over };
}

function chat(over: Partial<Chat> = {}): Chat {
  return {
    id: 5,
    teacher: TEACHER,
    student: ME,
    participant: { id: TEACHER, username: 'nima', name: 'Nima Karimi', photo: null, role: 'teacher' },
    last_message: message(2),
    unread: 2,
    other_read_id: 0,
    created_at: new Date().toISOString(),
    ...over,
  };
}

type Backend = { chats: Chat[]; messages: Message[]; reads: number[]; sent: unknown[] };

/** api mocks the chat endpoints over an in-memory chat. */
function api(opts: { chats?: Chat[]; messages?: Message[]; send?: (body: { chat_id: number; content: string }, n: number) => Promise<Response> } = {}) {
  const b: Backend = { chats: opts.chats ?? [chat()], messages: opts.messages ?? [message(1), message(2)], reads: [], sent: [] };
  let nextId = 100;
  server.use(
    http.get('*/api/profile/', () => HttpResponse.json(makeUser({ id: ME }))),
    http.get('*/api/chats/', () => HttpResponse.json(b.chats)),
    http.get('*/api/chats/:id/messages/', ({ request, params }) => {
      const before = Number(new URL(request.url).searchParams.get('before') ?? 0);
      const limit = Number(new URL(request.url).searchParams.get('limit') ?? 50);
      const list = b.messages.filter((m) => m.chat_id === Number(params.id) && (!before || m.id < before));
      return HttpResponse.json(list.slice(-limit));
    }),
    http.post('*/api/chats/:id/read/', ({ params }) => {
      b.reads.push(Number(params.id));
      b.chats = b.chats.map((c) => (c.id === Number(params.id) ? { ...c, unread: 0 } : c));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/messages/send/', async ({ request }) => {
      const body = (await request.json()) as { chat_id: number; content: string };
      b.sent.push(body);
      if (opts.send) return opts.send(body, b.sent.length);
      const m = message(nextId++, { sender: ME, content: body.content.trim() });
      b.messages.push(m);
      return HttpResponse.json(m, { status: 201 });
    }),
  );
  return b;
}

function signInStudent() {
  signIn(makeUser({ id: ME, role: 'student', username: 'sara' }));
}

// The screens load lazily; on a busy machine the first import takes longer
// than a find* waits, so load them once up front.
beforeAll(async () => {
  await import('@/app/routes/app/area');
  await import('@/app/routes/app/messages');
}, 120_000);

// Each test walks a whole screen; a busy machine needs more than the default.
describe('messages screen', { timeout: 60_000 }, () => {
  it('lists chats with their unread counts and opens one, marking it read', async () => {
    await i18n.changeLanguage('en');
    const b = api();
    signInStudent();
    const { user } = renderApp('/student/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your chats' });
    const link = within(list).getByRole('link', { name: /Nima Karimi/ });
    expect(link).toHaveTextContent('message 2');
    expect(within(link).getByText('Unread messages: 2')).toBeInTheDocument();
    // The sidebar's Messages item carries the unread total, once the screen's reads are in.
    const nav = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
    await waitFor(() => expect(within(nav).getByRole('link', { name: /Messages/ })).toHaveTextContent('Unread messages: 2'));

    await user.click(link);
    const log = await screen.findByRole('log', { name: 'Messages with Nima Karimi' });
    expect(await within(log).findByText('message 1')).toBeInTheDocument();
    await waitFor(() => expect(b.reads).toEqual([5]));
    await waitFor(() => expect(within(nav).getByRole('link', { name: /Messages/ })).not.toHaveTextContent('Unread'));
    expect(within(list).queryByText(/Unread messages/)).not.toBeInTheDocument();
  });

  it('in Persian, shows times in 24 hours with Persian digits', async () => {
    const at = new Date();
    at.setHours(18, 5, 0, 0);
    api({ messages: [message(1, { timestamp: at.toISOString(), content: 'سلام' })], chats: [chat({ last_message: message(1, { timestamp: at.toISOString() }) })] });
    signInStudent();
    renderApp('/student/messages?chat=5');
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('۱۸:۰۵')).toBeInTheDocument();
    expect(within(log).getByText('امروز')).toBeInTheDocument();
  });

  it('sends with Enter, breaks lines with Shift+Enter, and shows the message dimmed until it is saved', async () => {
    await i18n.changeLanguage('en');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const b = api({
      send: async (body) => {
        await gate;
        return HttpResponse.json(message(50, { sender: ME, content: body.content.trim() }), { status: 201 });
      },
    });
    signInStudent();
    const { user } = renderApp('/student/messages?chat=5');
    const field = await screen.findByLabelText('Message');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(field, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(field).toHaveValue('line one\nline two');
    expect(b.sent).toHaveLength(0);
    expect(send).toBeEnabled();
    await user.type(field, '{Enter}');
    expect(field).toHaveValue('');

    const log = screen.getByRole('log');
    const bubble = (await within(log).findByText(/line one/)).closest('li')!;
    expect(bubble).toHaveAttribute('aria-busy', 'true');
    expect(bubble.firstElementChild!.className).toContain('opacity-60');
    expect(within(bubble).getByText('Sending…')).toBeInTheDocument();
    // While it is on its way the send button stays disabled.
    await user.type(field, 'next');
    expect(send).toBeDisabled();
    expect(b.sent).toEqual([{ chat_id: 5, content: 'line one\nline two' }]);

    release();
    await waitFor(() => expect(within(log).queryByText('Sending…')).not.toBeInTheDocument());
    const saved = within(log).getAllByText(/line one/);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.closest('li')).not.toHaveAttribute('aria-busy');
    expect(send).toBeEnabled();
  });

  it('flags a failed message with the error and sends it again on retry', async () => {
    await i18n.changeLanguage('en');
    const b = api({
      send: async (body, n) => {
        if (n === 1) return HttpResponse.json({ detail: 'The chat is closed for now.' }, { status: 400 });
        await delay(20);
        return HttpResponse.json(message(60, { sender: ME, content: body.content }), { status: 201 });
      },
    });
    signInStudent();
    const { user } = renderApp('/student/messages?chat=5');
    await user.type(await screen.findByLabelText('Message'), 'hello there{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to send');
    expect(alert).toHaveTextContent('The chat is closed for now.');
    await user.click(within(alert).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(b.sent).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(within(screen.getByRole('log')).getAllByText('hello there')).toHaveLength(1);
  });

  it('can remove a failed message, and reports a network failure in words', async () => {
    await i18n.changeLanguage('en');
    api({ send: async () => HttpResponse.error() });
    signInStudent();
    const { user } = renderApp('/student/messages?chat=5');
    await user.type(await screen.findByLabelText('Message'), 'lost{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network error');
    await user.click(within(alert).getByRole('button', { name: 'Remove' }));
    expect(within(screen.getByRole('log')).queryByText('lost')).not.toBeInTheDocument();
  });

  it('does not send without the reader’s user id, in the spec’s words', async () => {
    await i18n.changeLanguage('en');
    const b = api();
    server.use(http.get('*/api/profile/', () => HttpResponse.json(makeUser({ id: 0, role: 'student' }))));
    signIn(makeUser({ id: 0, role: 'student', username: 'sara' }));
    const { user } = renderApp('/student/messages?chat=5');
    await user.type(await screen.findByLabelText('Message'), 'hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('User ID not found. Cannot send message.');
    expect(b.sent).toHaveLength(0);
  });

  it('refuses an empty message with the spec’s words', async () => {
    await i18n.changeLanguage('en');
    const b = api();
    signInStudent();
    const { user } = renderApp('/student/messages?chat=5');
    const field = await screen.findByLabelText('Message');
    await user.type(field, '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Message cannot be empty.');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(b.sent).toHaveLength(0);
  });

  it('asks to select a chat when none is open', async () => {
    await i18n.changeLanguage('en');
    api();
    signInStudent();
    renderApp('/student/messages');
    expect(await screen.findByText('Please select a chat to send a message.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
  });

  it('loads earlier messages on demand', async () => {
    await i18n.changeLanguage('en');
    const many = Array.from({ length: 60 }, (_, i) => message(i + 1));
    api({ messages: many });
    signInStudent();
    const { user } = renderApp('/student/messages?chat=5');
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('message 60')).toBeInTheDocument();
    expect(within(log).queryByText('message 10')).not.toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(log).findByText('message 10')).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('shows a message pushed by the live stream at once', async () => {
    await i18n.changeLanguage('en');
    const b = api();
    let push!: (text: string) => void;
    server.use(
      http.get('*/api/events/', () => {
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            push = (t) => c.enqueue(new TextEncoder().encode(t));
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    signInStudent();
    renderApp('/student/messages?chat=5');
    const log = await screen.findByRole('log');
    await within(log).findByText('message 2');
    await waitFor(() => expect(push).toBeDefined());
    b.reads.length = 0;
    const m = message(3, { content: 'live: https://meet.example.com/x' });
    b.messages.push(m);
    push(`id: 1\nevent: message\ndata: ${JSON.stringify({ chat_id: 5, message: m })}\n\n`);
    expect(await within(log).findByRole('link', { name: 'https://meet.example.com/x' })).toBeInTheDocument();
    // The open chat is read as the message arrives.
    await waitFor(() => expect(b.reads).toContain(5));
  });

  it('keeps a live message that arrives while the chat is still loading', async () => {
    await i18n.changeLanguage('en');
    const b = api();
    let push!: (text: string) => void;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reads = 0;
    server.use(
      http.get('*/api/events/', () => {
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            push = (t) => c.enqueue(new TextEncoder().encode(t));
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
      // The first read of the chat is answered from before the message, and late.
      http.get('*/api/chats/:id/messages/', async () => {
        reads++;
        const snapshot = [...b.messages];
        if (reads === 1) await gate;
        return HttpResponse.json(snapshot);
      }),
    );
    signInStudent();
    const { user } = renderApp('/student/messages');
    // The stream opens once the first screen's reads are in; the chat is opened after.
    await waitFor(() => expect(push).toBeDefined());
    await user.click(within(await screen.findByRole('list', { name: 'Your chats' })).getByRole('link', { name: /Nima Karimi/ }));
    await waitFor(() => expect(reads).toBe(1));
    const m = message(3, { content: 'arrived early' });
    b.messages.push(m);
    push(`id: 1\nevent: message\ndata: ${JSON.stringify({ chat_id: 5, message: m })}\n\n`);
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect(await within(await screen.findByRole('log')).findByText('arrived early')).toBeInTheDocument();
  });

  it('starts a chat with a teacher from the new-chat dialog', async () => {
    await i18n.changeLanguage('en');
    const b = api({ chats: [] });
    const created = chat({ id: 9, last_message: null, unread: 0 });
    const queries: string[] = [];
    server.use(
      http.get('*/api/teachers/list/', ({ request }) => {
        queries.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({
          results: [{ id: TEACHER, username: 'nima', name: 'Nima Karimi', photo: null, profile_photo_url: null, languages: ['English'] }],
          count: 1,
          page: 1,
          page_size: 50,
        });
      }),
      http.post('*/api/chat/create/', async ({ request }) => {
        expect(await request.json()).toEqual({ teacher_id: TEACHER });
        b.chats = [created];
        return HttpResponse.json(created);
      }),
    );
    signInStudent();
    const { user, router } = renderApp('/student/messages');
    expect(await screen.findByText('No conversations yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start a chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a chat with a teacher' });
    await user.type(within(dialog).getByLabelText('Search'), 'nim');
    await waitFor(() => expect(queries).toContain('nim'));
    await user.click(await within(dialog).findByRole('button', { name: 'Chat with Nima Karimi' }));
    await waitFor(() => expect(router.state.location.search).toBe('?chat=9'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No messages yet. Say hello!')).toBeInTheDocument();
  });

  it('reports a chat that could not be created', async () => {
    await i18n.changeLanguage('en');
    api({ chats: [] });
    server.use(
      http.get('*/api/teachers/list/', () =>
        HttpResponse.json({ results: [{ id: TEACHER, username: 'nima', name: 'Nima', photo: null, profile_photo_url: null, languages: [] }], count: 1, page: 1, page_size: 50 }),
      ),
      http.post('*/api/chat/create/', () => new HttpResponse(null, { status: 500 })),
    );
    signInStudent();
    const { user } = renderApp('/student/messages?new=1');
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Chat with Nima' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create chat. Please try again.');
  });

  it('offers a teacher the students who booked them', async () => {
    await i18n.changeLanguage('en');
    api({ chats: [] });
    server.use(
      http.get('*/api/profile/', () => HttpResponse.json(makeUser({ id: TEACHER, role: 'teacher' }))),
      http.get('*/api/students/list/', () =>
        HttpResponse.json([
          { id: 1, user: { username: 'sara', email: 'sara@example.com', phone: '' }, name: 'Sara Ahmadi', profile_photo_url: null },
          { id: 2, user: { username: 'ali', email: 'ali@example.com', phone: '' }, name: 'Ali Rezaei', profile_photo_url: null },
        ]),
      ),
    );
    signIn(makeUser({ id: TEACHER, role: 'teacher' }));
    const { user } = renderApp('/teacher/messages?new=1');
    const dialog = await screen.findByRole('dialog', { name: 'Start a chat with a learner' });
    expect(await within(dialog).findByRole('button', { name: 'Chat with Sara Ahmadi' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Search'), 'ali@');
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Chat with Sara Ahmadi' })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('button', { name: 'Chat with Ali Rezaei' })).toBeInTheDocument();
  });

  it('shows "read" under the sender’s last message the other side has read, moved live by the stream', async () => {
    await i18n.changeLanguage('en');
    const mine = (id: number) => message(id, { sender: ME, content: `mine ${id}` });
    api({ messages: [message(1), mine(2), mine(3), mine(4)], chats: [chat({ last_message: mine(4), unread: 0, other_read_id: 2 })] });
    let push!: (text: string) => void;
    server.use(
      http.get('*/api/events/', () => {
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            push = (t) => c.enqueue(new TextEncoder().encode(t));
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    signInStudent();
    renderApp('/student/messages?chat=5');
    const log = await screen.findByRole('log');
    await within(log).findByText('mine 4');
    const receiptOf = async (text: string) => (await within(log).findByText(text)).closest('li')!;
    expect(within(log).getAllByText('Read')).toHaveLength(1);
    expect(within(await receiptOf('mine 2')).getByText('Read')).toBeInTheDocument();
    await waitFor(() => expect(push).toBeDefined());
    push(`id: 1\nevent: seen\ndata: ${JSON.stringify({ chat_id: 5, read_id: 4 })}\n\n`);
    await waitFor(() => expect(within(log).getByText('mine 4').closest('li')).toHaveTextContent('Read'));
    expect(within(log).getAllByText('Read')).toHaveLength(1);
    // A read never goes back.
    push(`id: 2\nevent: seen\ndata: ${JSON.stringify({ chat_id: 5, read_id: 3 })}\n\n`);
    await new Promise((r) => setTimeout(r, 50));
    expect(within(log).getByText('mine 4').closest('li')).toHaveTextContent('Read');
  });

  it('sends an image as multipart with the text, and shows images inline and PDFs as downloads', async () => {
    await i18n.changeLanguage('en');
    const image = { name: 'board.png', type: 'image/png' as const, size: 2048, url: 'http://localhost/media/chat/board.png?sig=1' };
    const pdf = { name: 'homework.pdf', type: 'application/pdf' as const, size: 3 * 1024 * 1024, url: 'http://localhost/media/chat/homework.pdf?sig=2' };
    const b = api({ messages: [message(1, { content: '', attachment: pdf })] });
    let form: FormData | undefined;
    server.use(
      http.post('*/api/messages/send/', async ({ request }) => {
        form = await request.formData();
        const m = message(60, { sender: ME, content: String(form.get('content') ?? ''), attachment: image });
        b.messages.push(m);
        return HttpResponse.json(m, { status: 201 });
      }),
    );
    signInStudent();
    const { user } = renderApp('/student/messages?chat=5');
    const log = await screen.findByRole('log');
    const download = await within(log).findByRole('link', { name: /homework\.pdf/ });
    expect(download).toHaveAttribute('href', pdf.url);
    expect(download).toHaveAttribute('download', 'homework.pdf');
    expect(download).toHaveTextContent('3 MB');

    const input = screen.getByTestId('attachment-input') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(2048)], 'board.png', { type: 'image/png' }));
    expect(screen.getByText('board.png')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'see this{Enter}');
    const img = await within(log).findByRole('img', { name: 'board.png' });
    expect(img).toHaveAttribute('src', image.url);
    expect(form?.get('chat_id')).toBe('5');
    expect(form?.get('content')).toBe('see this');
    expect((form?.get('file') as File).size).toBe(2048);
    expect(within(log).getByText('see this')).toBeInTheDocument();
  });

  it('refuses a file of another type or over 10 MB before sending, and sends a file alone', async () => {
    await i18n.changeLanguage('en');
    const b = api();
    const sent: FormData[] = [];
    server.use(
      http.post('*/api/messages/send/', async ({ request }) => {
        const form = await request.formData();
        sent.push(form);
        const file = form.get('file') as File;
        // The test's fetch drops the file's name on the way: the server names it as the user did.
        const m = message(70, { sender: ME, content: '', attachment: { name: 'scan.pdf', type: 'application/pdf', size: file.size, url: 'http://localhost/f' } });
        b.messages.push(m);
        return HttpResponse.json(m, { status: 201 });
      }),
    );
    signInStudent();
    const { user } = renderApp('/student/messages?chat=5');
    await within(await screen.findByRole('log')).findByText('message 2');
    const input = screen.getByTestId('attachment-input') as HTMLInputElement;
    // The picker offers only what may be sent, yet a browser may let another through.
    const choose = (f: File) => fireEvent.change(input, { target: { files: [f] } });
    choose(new File(['x'], 'notes.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only an image (JPEG, PNG, WebP, GIF) or a PDF can be sent.');
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    choose(big);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The file must be at most 10 MB.'));
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    choose(new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('content')).toBeNull();
    expect(await within(screen.getByRole('log')).findByRole('link', { name: /scan\.pdf/ })).toBeInTheDocument();
    // The list names a file sent without words.
    const list = screen.getByRole('list', { name: 'Your chats' });
    await waitFor(() => expect(within(list).getByRole('link', { name: /Nima Karimi/ })).toHaveTextContent('File: scan.pdf'));
  });
});
