import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/lib/i18n';
import { TabList, TabPanel, Tabs } from './tabs';

function Sample() {
  const [v, setV] = useState<'a' | 'b' | 'c'>('a');
  return (
    <Tabs value={v} onChange={setV}>
      <TabList
        label="Sections"
        options={[
          { value: 'a', label: 'First' },
          { value: 'b', label: 'Second' },
          { value: 'c', label: 'Third' },
        ]}
      />
      <TabPanel value={v}>Panel {v}</TabPanel>
    </Tabs>
  );
}

describe('Tabs', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('ties the panel to the selected tab, the only tab in the tab order', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('en');
    render(<Sample />);
    expect(screen.getByRole('tab', { name: 'First' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'First' })).toHaveTextContent('Panel a');
    await user.click(screen.getByRole('tab', { name: 'Second' }));
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'First' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Second' })).toHaveTextContent('Panel b');
  });

  it('selects with the arrow keys, Home and End, the arrows mirrored in Persian', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('en');
    const { unmount } = render(<Sample />);
    screen.getByRole('tab', { name: 'First' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel', { name: 'Second' })).toHaveTextContent('Panel b');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Third' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Third' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'First' })).toHaveAttribute('aria-selected', 'true');
    unmount();

    await i18n.changeLanguage('fa');
    render(<Sample />);
    screen.getByRole('tab', { name: 'First' }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveAttribute('aria-selected', 'true');
  });
});
