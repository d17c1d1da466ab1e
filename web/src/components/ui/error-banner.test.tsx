import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/lib/i18n';
import { ErrorBanner } from './error-banner';

describe('ErrorBanner', () => {
  it('is announced and carries a retry button', async () => {
    await i18n.changeLanguage('en');
    const retry = vi.fn();
    render(<ErrorBanner onRetry={retry}>error loading materials</ErrorBanner>);
    expect(screen.getByRole('alert')).toHaveTextContent('error loading materials');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
