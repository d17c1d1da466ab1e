import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { renderWithRouter } from '@/testing/test-utils';
import { MaterialForm } from './material-form';

function pdf(name = 'grammar.pdf', bytes = 1200) {
  return new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
}

const created = {
  id: 9,
  title: 't',
  description: '',
  material_type: 'note',
  link_url: '',
  file: null,
  file_name: '',
  created_at: '2026-11-21T10:00:00Z',
  teacher: { id: 1, username: 'tea', name: 'tea', photo: null },
};

describe('MaterialForm', () => {
  it('keeps submit disabled until a note has a title and a file', async () => {
    await i18n.changeLanguage('en');
    const { user } = renderWithRouter(<MaterialForm />, '/teacher/notes');
    const submit = await screen.findByRole('button', { name: 'Save material' });
    expect(screen.getByRole('radio', { name: 'Note' })).toBeChecked();
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Title'), 'Grammar 1');
    expect(submit).toBeDisabled();
    // Leaving the file field without a file names the rule.
    await user.click(screen.getByLabelText('File'));
    await user.tab();
    expect(await screen.findByText('File is required for this material type')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('File'), pdf());
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.queryByText('File is required for this material type')).not.toBeInTheDocument();
    expect(screen.getByText(/grammar\.pdf/)).toBeInTheDocument();
  });

  it('refuses a file of another type or over 10 MB', async () => {
    await i18n.changeLanguage('en');
    const { user } = renderWithRouter(<MaterialForm />, '/teacher/notes');
    await user.type(await screen.findByLabelText('Title'), 'Homework');
    await user.click(screen.getByRole('radio', { name: 'Assignment' }));
    // A browser's picker honours accept=; a dropped or forced file does not.
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [new File(['x'], 'run.exe')] } });
    expect(await screen.findByText('The file must be a PDF, Word (DOC or DOCX), JPEG or PNG.')).toBeInTheDocument();
    const big = pdf('big.pdf', 1);
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [big] } });
    expect(await screen.findByText('The file must be at most 10 MB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save material' })).toBeDisabled();
  });

  it('asks a class link for its URL and sends it as JSON', async () => {
    await i18n.changeLanguage('en');
    let body: unknown;
    let type = '';
    server.use(
      http.post('*/api/materials/', async ({ request }) => {
        type = request.headers.get('content-type') ?? '';
        body = await request.json();
        return HttpResponse.json({ ...created, material_type: 'class_link' }, { status: 201 });
      }),
      http.get('*/api/materials/', () => HttpResponse.json([])),
    );
    const { user } = renderWithRouter(<MaterialForm />, '/teacher/notes');
    await user.click(await screen.findByRole('radio', { name: 'Class link' }));
    expect(screen.queryByLabelText('File')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Weekly class');
    await user.click(screen.getByLabelText('Link URL'));
    await user.tab();
    expect(await screen.findByText('Link URL is required for link type')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Save material' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Link URL'), 'javascript:alert(1)');
    expect(await screen.findByText('Enter a web address that starts with https:// or http://.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Link URL'));
    await user.type(screen.getByLabelText('Link URL'), 'https://meet.example.com/room');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(body).toEqual({ title: 'Weekly class', description: '', material_type: 'class_link', link_url: 'https://meet.example.com/room' }));
    expect(type).toContain('application/json');
    // The form is emptied for the next one.
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue(''));
  });

  it('uploads a note as multipart with its file', async () => {
    await i18n.changeLanguage('en');
    let form: FormData | undefined;
    server.use(
      http.post('*/api/materials/', async ({ request }) => {
        form = await request.formData();
        return HttpResponse.json(created, { status: 201 });
      }),
      http.get('*/api/materials/', () => HttpResponse.json([])),
    );
    const { user } = renderWithRouter(<MaterialForm />, '/teacher/notes');
    await user.type(await screen.findByLabelText('Title'), '  Grammar 1 ');
    await user.type(screen.getByLabelText(/Description/), 'Past tense');
    await user.upload(screen.getByLabelText('File'), pdf());
    await user.click(screen.getByRole('button', { name: 'Save material' }));
    await waitFor(() => expect(form).toBeDefined());
    expect(form!.get('title')).toBe('Grammar 1');
    expect(form!.get('material_type')).toBe('note');
    expect(form!.get('description')).toBe('Past tense');
    const file = form!.get('file') as Blob;
    expect([file.size, file.type]).toEqual([1200, 'application/pdf']);
  });

  it("shows the spec's upload failure, or the server's words by field", async () => {
    await i18n.changeLanguage('en');
    server.use(http.post('*/api/materials/', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderWithRouter(<MaterialForm />, '/teacher/notes');
    await user.type(await screen.findByLabelText('Title'), 'Grammar');
    await user.upload(screen.getByLabelText('File'), pdf());
    await user.click(screen.getByRole('button', { name: 'Save material' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload material');

    server.use(
      http.post('*/api/materials/', () =>
        HttpResponse.json({ detail: 'The file is not a PDF.', file: ['The file is not a PDF.'] }, { status: 400 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save material' }));
    expect(await screen.findByText('The file is not a PDF.')).toBeInTheDocument();
  });
});
