import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { PageTabs } from './PageTabs';

function ThreeTabs() {
  const [tab, setTab] = useState<'a' | 'b' | 'c'>('b');
  return (
    <>
      <PageTabs
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'a', label: 'Sensores' },
          { value: 'b', label: 'Listado' },
          { value: 'c', label: 'Dashboard' },
        ]}
      />
      <p>Pestaña {tab}</p>
    </>
  );
}

describe('PageTabs', () => {
  it('is a tab list whose selected tab alone is in the Tab order', () => {
    renderWithProviders(<ThreeTabs />);
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Listado' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Listado' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Sensores' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'Sensores' })).toHaveAttribute('tabindex', '-1');
  });

  it('selects on click', async () => {
    renderWithProviders(<ThreeTabs />);
    await userEvent.click(screen.getByRole('tab', { name: 'Dashboard' }));
    expect(screen.getByText('Pestaña c')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves the focus with the arrows, Home and End (wrapping), and selects with Enter', async () => {
    renderWithProviders(<ThreeTabs />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Listado' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sensores' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Sensores' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveFocus();
    // Moving the focus does not select; Enter does.
    expect(screen.getByText('Pestaña b')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Pestaña c')).toBeInTheDocument();
  });
});
