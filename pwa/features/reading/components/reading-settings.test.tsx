import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReadingSettings } from './reading-settings';

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('data-text-size');
});

describe('ReadingSettings', () => {
  test("'Theme' with System, Light and Dark, and 'Text size' in four steps; a choice applies at once", async () => {
    const user = userEvent.setup();
    render(<ReadingSettings />);
    const theme = screen.getByRole('group', { name: 'Theme' });
    const size = screen.getByRole('group', { name: 'Text size' });
    expect(theme.querySelectorAll('input[type=radio]')).toHaveLength(3);
    expect(size.querySelectorAll('input[type=radio]').length).toBeGreaterThanOrEqual(4);
    expect((screen.getByRole('radio', { name: 'System' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Medium' }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await user.click(screen.getByRole('radio', { name: 'Extra large' }));
    expect(document.documentElement.getAttribute('data-theme')).toBe('cik-dark');
    expect(document.documentElement.getAttribute('data-text-size')).toBe('x-large');
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Extra large' }) as HTMLInputElement).checked).toBe(true);
  });
});
