import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_TOAST_DURATION, ToastProvider, useToast, type ToastApi } from '.';

let api: ToastApi;
function Grab() {
  api = useToast();
  return null;
}

function setup() {
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
}

describe('toasts', () => {
  test('a toast shows its title and text in a polite status region', () => {
    setup();
    act(() => void api.toast({ title: 'Bookmarked!', description: 'Saved to your bookmarks.' }));
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('Bookmarked!');
    expect(status.textContent).toContain('Saved to your bookmarks.');
  });

  test('a destructive toast is announced assertively (role=alert) in the error style', () => {
    setup();
    act(() => void api.toast({ title: 'Error', description: 'Failed to log out. Please try again.', variant: 'destructive' }));
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('aria-live')).toBe('assertive');
    expect(alert.textContent).toContain('Failed to log out. Please try again.');
    expect(screen.getByTestId('toast').dataset.variant).toBe('destructive');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  test('a new toast replaces the one on screen: one toast at a time', () => {
    setup();
    act(() => void api.toast({ title: 'First' }));
    act(() => void api.toast({ title: 'Second', variant: 'destructive' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
  });

  test('it goes away by itself after a few seconds', () => {
    vi.useFakeTimers();
    setup();
    act(() => void api.toast({ title: 'Logged out' }));
    act(() => vi.advanceTimersByTime(DEFAULT_TOAST_DURATION - 1));
    expect(screen.queryByText('Logged out')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Logged out')).toBeNull();
  });

  test('a replaced toast does not take its successor away with its timer', () => {
    vi.useFakeTimers();
    setup();
    act(() => void api.toast({ title: 'First' }));
    act(() => vi.advanceTimersByTime(DEFAULT_TOAST_DURATION - 100));
    act(() => void api.toast({ title: 'Second' }));
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Second')).not.toBeNull();
  });

  test('the dismiss button closes it', async () => {
    setup();
    act(() => void api.toast({ title: 'Welcome!' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Welcome!')).toBeNull();
  });

  test('dismiss(id) closes only the toast with that id', () => {
    setup();
    let first = 0;
    act(() => void (first = api.toast({ title: 'First' })));
    act(() => void api.toast({ title: 'Second' }));
    act(() => api.dismiss(first));
    expect(screen.queryByText('Second')).not.toBeNull();
    act(() => api.dismiss());
    expect(screen.queryByText('Second')).toBeNull();
  });

  test('useToast outside a ToastProvider throws', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Grab />)).toThrow('useToast must be used within a ToastProvider');
    spy.mockRestore();
  });
});
