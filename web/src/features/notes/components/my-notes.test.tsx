import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { renderWithRouter } from '@/testing/test-utils';
import type { StudyNote } from '../api/get-notes';
import { noteFileName, noteText } from '../download-text';
import { MyNotes } from './my-notes';
import { NotesWidget } from './notes-widget';

function note(id: number, title: string, content = ''): StudyNote {
  return { id, title, content, created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-02T10:00:00Z' };
}

function notesApi(initial: StudyNote[]) {
  let list = [...initial];
  let next = 100;
  const seen: unknown[] = [];
  server.use(
    http.get('*/api/notes/', () => HttpResponse.json(list)),
    http.post('*/api/notes/', async ({ request }) => {
      const b = (await request.json()) as { title: string; content: string };
      seen.push(b);
      const n = note(next++, b.title, b.content);
      list = [...list, n];
      return HttpResponse.json(n, { status: 201 });
    }),
    http.put('*/api/notes/:id/', async ({ request, params }) => {
      const b = (await request.json()) as { title: string; content: string };
      seen.push(b);
      list = list.map((n) => (n.id === Number(params.id) ? { ...n, ...b } : n));
      return HttpResponse.json(list.find((n) => n.id === Number(params.id)));
    }),
    http.delete('*/api/notes/:id/', ({ params }) => {
      list = list.filter((n) => n.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

describe('study notes', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    vi.restoreAllMocks();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('names the text file after the note and writes its title first', () => {
    expect(noteFileName('Past tense: rules/exceptions?')).toBe('Past tense rules exceptions.txt');
    expect(noteFileName('   ')).toBe('note.txt');
    expect(noteFileName('واژه‌های درس ۳')).toBe('واژه‌های درس ۳.txt');
    expect(noteText({ title: 'T', content: 'line 1\nline 2' })).toBe('T\n\nline 1\nline 2\n');
  });

  it('creates, edits and deletes a note', async () => {
    await i18n.changeLanguage('en');
    const seen = notesApi([]);
    const { user } = renderWithRouter(<MyNotes />, '/student/notes?tab=notes');
    expect(await screen.findByText('You have not written any notes yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New note' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Irregular verbs');
    await user.type(screen.getByLabelText(/^Note/), 'go went gone');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const card = await screen.findByRole('article', { name: 'Irregular verbs' });
    expect(seen[0]).toEqual({ title: 'Irregular verbs', content: 'go went gone' });
    expect(screen.getByText('Note saved.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Edit Irregular verbs' }));
    const title = within(card).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Verbs');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    const edited = await screen.findByRole('article', { name: 'Verbs' });
    await user.click(within(edited).getByRole('button', { name: 'Delete Verbs' }));
    await user.click(within(edited).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('You have not written any notes yet')).toBeInTheDocument();
  });

  it('downloads a note as a text file', async () => {
    await i18n.changeLanguage('en');
    notesApi([note(1, 'Verbs', 'go went gone')]);
    const blobs: Blob[] = [];
    // jsdom has no object URLs: stand in for them.
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:note'));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('Verbs.txt');
      expect(this.href).toBe('blob:note');
    });
    const { user } = renderWithRouter(<MyNotes />, '/student/notes?tab=notes');
    await user.click(await screen.findByRole('button', { name: 'Download Verbs as a text file' }));
    expect(click).toHaveBeenCalledOnce();
    expect(blobs[0]!.type).toBe('text/plain;charset=utf-8');
    const text = await new Promise<string>((resolve) => {
      const r = new FileReader();
      r.onload = () => resolve(String(r.result));
      r.readAsText(blobs[0]!);
    });
    expect(text).toContain('Verbs\n\ngo went gone');
  });

  it('shows the first two notes on the dashboard widget', async () => {
    await i18n.changeLanguage('en');
    notesApi([note(1, 'First'), note(2, 'Second'), note(3, 'Third')]);
    renderWithRouter(<NotesWidget />, '/student/dashboard');
    const widget = await screen.findByRole('region', { name: 'Study notes' });
    await waitFor(() => expect(within(widget).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['First', 'Second']));
    expect(within(widget).getAllByRole('button', { name: /as a text file/ })).toHaveLength(2);
    expect(within(widget).getByRole('link', { name: 'All notes' })).toHaveAttribute('href', '/student/notes?tab=notes');
  });
});
