import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { renderWithRouter } from '@/testing/test-utils';
import type { Material } from '../api/get-materials';
import { StudentMaterials } from './student-materials';

const teacher = { id: 1, username: 'mina', name: 'Mina Karimi', photo: null };
function material(over: Partial<Material> & { id: number }): Material {
  return {
    title: `M${over.id}`,
    description: '',
    material_type: 'note',
    link_url: '',
    file: null,
    file_name: '',
    created_at: '2026-11-01T10:00:00Z',
    teacher,
    ...over,
  };
}

const list: Material[] = [
  material({ id: 1, title: 'Old grammar', created_at: '2026-10-01T10:00:00Z', file: 'http://x/api/materials/1/file/?sig=a', file_name: 'g.pdf' }),
  material({ id: 2, title: 'Homework 3', material_type: 'assignment', description: 'Write about your city', created_at: '2026-11-10T10:00:00Z', file: 'http://x/api/materials/2/file/?sig=b', file_name: 'hw3.docx' }),
  material({ id: 3, title: 'Weekly class', material_type: 'class_link', link_url: 'https://meet.example.com/a', created_at: '2026-11-15T10:00:00Z' }),
];

describe('StudentMaterials', () => {
  it('lists newest first, searches and filters by type, with download links', async () => {
    await i18n.changeLanguage('en');
    server.use(http.get('*/api/materials/', () => HttpResponse.json(list)));
    const { user } = renderWithRouter(<StudentMaterials />, '/student/notes');
    await screen.findByRole('article', { name: 'Weekly class' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'material-3-title',
      'material-2-title',
      'material-1-title',
    ]);
    const hw = screen.getByRole('article', { name: 'Homework 3' });
    expect(within(hw).getByText('Assignment')).toBeInTheDocument();
    expect(within(hw).getByText('Write about your city')).toBeInTheDocument();
    expect(within(hw).getByText('By Mina Karimi')).toBeInTheDocument();
    const link = within(hw).getByRole('link', { name: 'Download Homework 3' });
    expect(link).toHaveAttribute('href', 'http://x/api/materials/2/file/?sig=b');
    expect(link).toHaveAttribute('download', 'hw3.docx');
    expect(within(screen.getByRole('article', { name: 'Weekly class' })).getByRole('link', { name: /Open link Weekly class/ })).toHaveAttribute(
      'href',
      'https://meet.example.com/a',
    );

    await user.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Old grammar' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Assignments' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('article', { name: 'Homework 3' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search materials' }), 'CITY');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await user.clear(screen.getByRole('searchbox', { name: 'Search materials' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search materials' }), 'nothing like it');
    expect(screen.getByText('No materials match your search.')).toBeInTheDocument();
  });

  it("shows the spec's error with a retry, then the empty state", async () => {
    await i18n.changeLanguage('en');
    server.use(http.get('*/api/materials/', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderWithRouter(<StudentMaterials />, '/student/notes');
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('error loading materials');
    server.use(http.get('*/api/materials/', () => HttpResponse.json([])));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No materials for you yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a teacher' })).toHaveAttribute('href', '/student/find-teacher');
  });
});
