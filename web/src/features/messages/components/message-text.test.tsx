import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MessageText } from './message-text';

describe('MessageText', () => {
  it('shows markup as text, never as HTML', () => {
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>';
    const { container } = render(<MessageText text={evil} />);
    const p = container.querySelector('p')!;
    expect(p).toHaveTextContent(evil);
    expect(container.querySelector('img, script, b')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('makes http(s) addresses links that open in a new tab without access to this page', () => {
    render(<MessageText text={'class link: https://meet.example.com/abc?x=1 and javascript:alert(1)'} />);
    const link = screen.getByRole('link', { name: 'https://meet.example.com/abc?x=1' });
    expect(link).toHaveAttribute('href', 'https://meet.example.com/abc?x=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText(/javascript:alert\(1\)/)).toBeInTheDocument();
  });

  it('lets the browser choose the direction of mixed Persian and English text, and keeps line breaks', () => {
    const { container } = render(<MessageText text={'سلام! See you at 5pm\nتا فردا'} />);
    const p = container.querySelector('p')!;
    expect(p).toHaveAttribute('dir', 'auto');
    expect(p.textContent).toBe('سلام! See you at 5pm\nتا فردا');
    expect(p.className).toContain('whitespace-pre-wrap');
  });
});
