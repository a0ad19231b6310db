import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, offline, type Answer } from '#pwa/test/fetch';
import { renderWithProviders } from '#pwa/test/render';
import { NewsletterForm } from './newsletter-form';

const field = () => screen.getByLabelText('Email address') as HTMLInputElement;
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

function subscribeWith(answer: () => Answer) {
  const requests = mockFetch(() => answer());
  renderWithProviders(<NewsletterForm />);
  return requests;
}

describe("'Stay Updated' newsletter form", () => {
  test('has a labelled, required email field', () => {
    subscribeWith(() => json(200, {}));
    expect(screen.getByRole('heading', { level: 2, name: 'Stay Updated' })).toBeTruthy();
    expect(field().type).toBe('email');
    expect(field().required).toBe(true);
  });

  test("success: POST /api/newsletter {email}, 'Success!' toast and the field cleared", async () => {
    const requests = subscribeWith(() => json(200, { message: "You've been subscribed to our newsletter." }));
    await userEvent.type(field(), 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(toastText()).toBe("Success!You've been subscribed to our newsletter."));
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', '/api/newsletter', { email: 'reader@example.com' }]]);
    expect(field().value).toBe('');
  });

  test("after a subscribe, 'Check your inbox to confirm.' below the form (double opt-in); not before, not after a refusal", async () => {
    let status = 400;
    subscribeWith(() => json(status, status === 200 ? { message: "You've been subscribed to our newsletter." } : { message: 'Please enter a valid email address' }));
    expect(screen.queryByText('Check your inbox to confirm.')).toBeNull();
    await userEvent.type(field(), 'reader@example');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(toastText()).toBe('ErrorPlease enter a valid email address'));
    expect(screen.queryByText('Check your inbox to confirm.')).toBeNull();
    status = 200;
    await userEvent.clear(field());
    await userEvent.type(field(), 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    const note = await screen.findByText('Check your inbox to confirm.');
    expect(note.getAttribute('role')).toBe('status');
    // Below the form, not in it.
    expect(field().form!.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('an empty submit does nothing', async () => {
    const requests = subscribeWith(() => json(200, {}));
    fireEvent.submit(field().form!);
    await new Promise((r) => setTimeout(r, 20));
    expect(requests).toEqual([]);
    expect(toastText()).toBe('');
  });

  test("a refusal: 'Error' with the server's message (without the field's name before it), the address kept", async () => {
    // The API's answer to an address the browser lets through (a@b): its message names the field.
    subscribeWith(() => json(400, { message: 'email: Please enter a valid email address', issues: [{ path: ['email'], message: 'Please enter a valid email address' }] }));
    await userEvent.type(field(), 'reader@example');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(toastText()).toBe('ErrorPlease enter a valid email address'));
    expect(screen.getByTestId('toast').getAttribute('data-variant')).toBe('destructive');
    expect(field().value).toBe('reader@example');
  });

  test("a refusal without a message: 'Error' / 'Failed to subscribe'", async () => {
    subscribeWith(() => new Response('', { status: 502 }));
    await userEvent.type(field(), 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(toastText()).toBe('ErrorFailed to subscribe'));
  });

  test("no connection: 'Error' / 'Failed to subscribe. Please try again.'", async () => {
    subscribeWith(() => offline());
    await userEvent.type(field(), 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(toastText()).toBe('ErrorFailed to subscribe. Please try again.'));
    expect(field().value).toBe('reader@example.com');
  });
});
