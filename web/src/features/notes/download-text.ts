import type { StudyNote } from './api/get-notes';

/** noteFileName is a safe file name for a note: its title without characters
 * that file systems refuse, ending in .txt. */
export function noteFileName(title: string): string {
  const base = Array.from(title, (c) => (c.charCodeAt(0) < 32 ? ' ' : c))
    .join('')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${base || 'note'}.txt`;
}

/** noteText is the text file's content: the title, a blank line, then the note. */
export function noteText(n: Pick<StudyNote, 'title' | 'content'>): string {
  return `${n.title}\n\n${n.content}\n`;
}

/** downloadNote saves a note as a UTF-8 text file (with a BOM, so that
 * Windows editors read Persian text right). */
export function downloadNote(n: Pick<StudyNote, 'title' | 'content'>): void {
  const blob = new Blob(['\ufeff', noteText(n)], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = noteFileName(n.title);
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
