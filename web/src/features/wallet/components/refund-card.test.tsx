import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { server } from '@/testing/server';
import { makeUser, renderWithRouter, signIn } from '@/testing/test-utils';
import type { Refund } from '../api/refund';
import { RefundCard } from './refund-card';

const IBAN = 'IR062960000000100324200001';

describe('a refund of the balance to an IBAN', () => {
  it('asks for the whole balance back after a confirmation, shows the server’s IBAN message, and lists it', async () => {
    await i18n.changeLanguage('en');
    let wallet = 70000;
    const refunds: Refund[] = [];
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/profile/', () => HttpResponse.json(makeUser({ wallet }))),
      http.get('*/api/student/wallet/refunds/', () => HttpResponse.json(refunds)),
      http.post('*/api/student/wallet/refund/', async ({ request }) => {
        const body = (await request.json()) as { iban: string };
        sent.push(body);
        if (body.iban !== IBAN) return HttpResponse.json({ iban: ['Enter a valid Sheba number: IR followed by 24 digits.'] }, { status: 400 });
        const r: Refund = { id: 1, kind: 'refund', amount: wallet, iban: IBAN, status: 'pending', created_at: '2026-11-21T09:00:00Z', settled_at: null, reference: '', reason: '' };
        refunds.unshift(r);
        wallet = 0;
        return HttpResponse.json(r, { status: 201 });
      }),
    );
    signIn(makeUser({ wallet }));
    const { user } = renderWithRouter(<RefundCard />, '/student/wallet');
    const card = await screen.findByRole('region', { name: 'Refund to your bank account' });
    const field = within(card).getByLabelText('Sheba number (IBAN)');
    const submit = await within(card).findByRole('button', { name: 'Ask for 70,000 Toman back' });
    await user.click(submit);
    expect(await within(card).findByText('Sheba number (IBAN) is required.')).toBeInTheDocument();
    await user.type(field, 'IR12');
    await user.click(submit);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ask for the refund' }));
    expect(await within(card).findByText('Enter a valid Sheba number: IR followed by 24 digits.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'IR06 2960 0000 0010 0324 2000 01');
    await user.click(submit);
    const confirm = await screen.findByRole('alertdialog', { name: 'Refund 70,000 Toman to your bank account?' });
    expect(confirm).toHaveTextContent('IR06 2960 0000 0010 0324 2000 01');
    await user.click(within(confirm).getByRole('button', { name: 'Ask for the refund' }));
    expect(await within(card).findByText('Your refund of 70,000 Toman is requested and pending.')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByTestId('refund')).toHaveTextContent('Pending'));
    // The balance is gone: nothing more to ask for.
    await waitFor(() => expect(within(card).queryByRole('button', { name: /back$/ })).not.toBeInTheDocument());
    expect(sent).toEqual([{ iban: 'IR12' }, { iban: IBAN }]);
  });

  it('is not shown with an empty wallet and no refunds', async () => {
    server.use(
      http.get('*/api/profile/', () => HttpResponse.json(makeUser({ wallet: 0 }))),
      http.get('*/api/student/wallet/refunds/', () => HttpResponse.json([])),
    );
    signIn(makeUser());
    renderWithRouter(<RefundCard />, '/student/wallet');
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
