import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveQuestion, LiveStream } from '#contract/live';
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastProvider } from '#pwa/components/ui/toast';
import { UserProvider } from '#pwa/lib/session';
import { formatDateTime } from '#pwa/lib/format';
import { createQueryClient } from '#pwa/lib/query-client';
import { liveKeys, type QuestionPages } from '../api/live-streams';
import { json, mockFetch, offline, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { renderWithSaved } from '#pwa/test/render-saved';
import { latestEventSource, stubEventSource } from '#pwa/test/fake-event-source';
import { LiveQa } from './live-qa';

// The page's later parts (the player, the editors' moderation, the live events' connection) load
// their chunks in the browser; here, loaded once up front, as pwa/test/setup.ts does for the layout's.
beforeAll(async () => {
  await Promise.all([import('./live-player'), import('./question-moderation'), import('../api/live-events')]);
});

const aStream = (overrides: Partial<LiveStream> = {}): LiveStream => ({
  id: 5,
  title: 'Live Q&A: Can We Trust the Bible?',
  description: 'Manuscripts, translations and the canon.',
  isLive: true,
  viewerCount: 1247,
  thumbnailUrl: null,
  scheduledFor: null,
  ...overrides,
});

const aQuestion = (overrides: Partial<LiveQuestion> = {}): LiveQuestion => ({
  id: 1,
  liveStreamId: 5,
  askedBy: 'Maria',
  question: 'How do we know the copies match?',
  isHighlighted: false,
  isAnswered: false,
  createdAt: new Date().toISOString(),
  ...overrides,
});

/** The questions as the infinite query keeps them: one page. */
const savedQuestions = (list: LiveQuestion[]): QuestionPages => ({ pages: [list], pageParams: [undefined] });

const upcoming = [aStream({ id: 8, title: 'Reading Revelation Without Fear', isLive: false, viewerCount: 0, description: 'How to read the last book.', scheduledFor: '2030-03-09T19:00:00.000Z' })];

function api({ current = aStream() as LiveStream | null, questions = [aQuestion()], ask = (_r: MockRequest) => json(201, aQuestion({ id: 99 })) } = {}) {
  let asked = false;
  const requests = mockFetch((request) => {
    if (request.path === '/api/live-streams/current') return json(200, current);
    if (request.path === '/api/live-streams/upcoming') return json(200, upcoming);
    if (request.path.startsWith('/api/live-streams/5/questions?')) {
      const all = asked ? [...questions, aQuestion({ id: 99, askedBy: 'Ruth', question: 'A new one?' })] : questions;
      const params = new URL(request.path, 'http://app.test').searchParams;
      const before = params.get('before');
      const start = before === null ? 0 : all.findIndex((q) => q.id === Number(before)) + 1;
      return json(200, all.slice(start, start + Number(params.get('limit') ?? 50)));
    }
    if (request.path === '/api/questions' && request.method === 'POST') {
      const answer = ask(request);
      if (answer.ok) asked = true;
      return answer;
    }
    if (request.path === '/api/auth/me') return json(200, aUser());
    return json(404, { message: 'Not found' });
  });
  return requests;
}

/** The app's providers around a client the test has filled (features may not import pwa/app). */
function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <UserProvider>{children}</UserProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';
const nameField = () => screen.getByLabelText('Your name') as HTMLInputElement;
const questionField = () => screen.getByLabelText('Your question') as HTMLTextAreaElement;
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit Question' }));

describe('Live Q&A', () => {
  test('a live stream shows the LIVE badge, viewers, title, description and its questions with their marks', async () => {
    // As the server sends them: highlighted first.
    api({ questions: [aQuestion({ id: 2, askedBy: 'Josh', question: 'What about Mark 16?', isHighlighted: true }), aQuestion({ isAnswered: true })] });
    renderWithProviders(<LiveQa />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Live Q&A: Can We Trust the Bible?' })).toBeTruthy();
    expect(screen.getByText('LIVE')).toBeTruthy();
    expect(screen.getByText(`${(1247).toLocaleString()} viewers`)).toBeTruthy();
    expect(screen.getByText('Manuscripts, translations and the canon.')).toBeTruthy();
    const list = await screen.findByRole('region', { name: 'Questions (2)' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('What about Mark 16?');
    expect(first!.textContent).toContain('Highlighted');
    expect(second!.textContent).toContain('Maria');
    expect(second!.textContent).toContain('Answered');
    expect(second!.textContent).not.toContain('Highlighted');
  });

  test('many questions come 50 at a time: "Questions (50+)", then "Show more questions" adds the next ones until all are shown', async () => {
    const questions = Array.from({ length: 120 }, (_, i) => aQuestion({ id: 1000 - i, question: `Question number ${i + 1}?` }));
    const requests = api({ questions });
    renderWithProviders(<LiveQa />);
    const list = async () => within((await screen.findByRole('heading', { name: /^Questions/ })).closest('section')!).getAllByRole('listitem');
    expect(await screen.findByRole('heading', { name: 'Questions (50+)' })).toBeTruthy();
    expect(await list()).toHaveLength(50);

    await userEvent.click(screen.getByRole('button', { name: 'Show more questions' }));
    expect(await screen.findByRole('heading', { name: 'Questions (100+)' })).toBeTruthy();
    expect(requests.some((r) => r.path === `/api/live-streams/5/questions?limit=50&before=${questions[49]!.id}`)).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Show more questions' }));
    expect(await screen.findByRole('heading', { name: 'Questions (120)' })).toBeTruthy();
    expect(await list()).toHaveLength(120);
    expect(screen.getByText('Question number 120?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more questions' })).toBeNull();
  });

  test('when the next questions cannot be loaded, the ones shown stay and the button tries again', async () => {
    const questions = Array.from({ length: 60 }, (_, i) => aQuestion({ id: 1000 - i, question: `Question number ${i + 1}?` }));
    let failNext = true;
    mockFetch((request) => {
      if (request.path === '/api/live-streams/current') return json(200, aStream());
      if (request.path === '/api/live-streams/upcoming') return json(200, []);
      if (request.path.includes('/questions?') && request.path.includes('before=')) {
        if (failNext) {
          failNext = false;
          return json(503, { message: 'Busy' });
        }
        return json(200, questions.slice(50));
      }
      if (request.path.startsWith('/api/live-streams/5/questions?')) return json(200, questions.slice(0, 50));
      return json(404, { message: 'Not found' });
    });
    renderWithProviders(<LiveQa />);
    expect(await screen.findByRole('heading', { name: 'Questions (50+)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more questions' }));
    expect(await screen.findByText('Could not load more questions.')).toBeTruthy();
    expect(screen.getByText('Question number 50?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more questions' }));
    expect(await screen.findByRole('heading', { name: 'Questions (60)' })).toBeTruthy();
    expect(screen.queryByText('Could not load more questions.')).toBeNull();
  });

  test('nothing live (null, or a stream that is not live): "No Live Stream Currently" and no form', async () => {
    for (const current of [null, aStream({ isLive: false })]) {
      api({ current });
      const { unmount } = renderWithProviders(<LiveQa />);
      expect(await screen.findByRole('heading', { name: 'No Live Stream Currently' })).toBeTruthy();
      expect(screen.queryByLabelText('Your question')).toBeNull();
      unmount();
    }
  });

  test('upcoming sessions show as cards with their date and time', async () => {
    api({ current: null });
    renderWithProviders(<LiveQa />);
    const section = await screen.findByRole('region', { name: 'Upcoming Sessions' });
    const card = await within(section).findByRole('listitem');
    expect(within(card).getByRole('heading', { level: 3, name: 'Reading Revelation Without Fear' })).toBeTruthy();
    const time = card.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2030-03-09T19:00:00.000Z');
    expect(time.textContent).toBe(formatDateTime('2030-03-09T19:00:00.000Z'));
  });

  test('a blank name or question (spaces count as blank) gives "Missing information" and sends nothing', async () => {
    const requests = api();
    renderWithProviders(<LiveQa />);
    await screen.findByLabelText('Your question');
    await submit();
    expect(toastText()).toContain('Missing information');
    expect(toastText()).toContain('Please provide your name and question.');
    await userEvent.type(nameField(), 'Ruth');
    await userEvent.type(questionField(), '   ');
    await submit();
    expect(toastText()).toContain('Please provide your name and question.');
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), '  ');
    await userEvent.clear(questionField());
    await userEvent.type(questionField(), 'Why?');
    await submit();
    expect(toastText()).toContain('Missing information');
    expect(requests.filter((r) => r.path === '/api/questions')).toHaveLength(0);
  });

  test('asking sends the trimmed name and question, says "Question submitted!", clears the question, keeps the name and lists the new question', async () => {
    const requests = api();
    renderWithProviders(<LiveQa />);
    await userEvent.type(await screen.findByLabelText('Your name'), '  Ruth ');
    await userEvent.type(questionField(), ' A new one? ');
    await submit();
    await waitFor(() => expect(toastText()).toContain('Question submitted!'));
    expect(requests.find((r) => r.path === '/api/questions')?.body).toEqual({ liveStreamId: 5, askedBy: 'Ruth', question: 'A new one?' });
    expect(questionField().value).toBe('');
    expect(nameField().value).toBe('  Ruth ');
    expect(await screen.findByText('A new one?')).toBeTruthy();
  });

  test('a failed question says so and keeps the text', async () => {
    api({ ask: () => json(500, { message: 'boom' }) });
    renderWithProviders(<LiveQa />);
    await userEvent.type(await screen.findByLabelText('Your name'), 'Ruth');
    await userEvent.type(questionField(), 'Still there?');
    await submit();
    await waitFor(() => expect(toastText()).toContain('Failed to submit question. Please try again.'));
    expect(screen.getByTestId('toast').dataset.variant).toBe('destructive');
    expect(questionField().value).toBe('Still there?');
  });

  test('the signed-in user’s name fills the name field', async () => {
    storeUser(aUser({ name: 'Grace Hopper' }));
    api();
    renderWithProviders(<LiveQa />);
    await screen.findByLabelText('Your name');
    await waitFor(() => expect(nameField().value).toBe('Grace Hopper'));
  });

  test('a saved copy (an earlier visit) shows at once and is checked with the server: a stream that ended is no longer live', async () => {
    api({ current: null });
    const queryClient = createQueryClient();
    queryClient.setQueryData(liveKeys.current(), aStream({ title: 'Yesterday’s stream' }));
    render(
      <Providers queryClient={queryClient}>
        <LiveQa />
      </Providers>,
    );
    expect(screen.getByRole('heading', { name: 'Yesterday’s stream' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No Live Stream Currently' })).toBeTruthy();
  });

  test('offline, the saved copy stays shown', async () => {
    mockFetch(() => new TypeError('Failed to fetch'));
    const queryClient = createQueryClient();
    queryClient.setQueryData(liveKeys.current(), aStream({ title: 'Saved stream' }));
    queryClient.setQueryData(liveKeys.questions(5), savedQuestions([aQuestion({ question: 'Saved question?' })]));
    queryClient.setQueryData(liveKeys.upcoming(), upcoming);
    render(
      <Providers queryClient={queryClient}>
        <LiveQa />
      </Providers>,
    );
    await waitFor(() => expect(queryClient.getQueryState(liveKeys.current())?.status).toBe('error'));
    expect(screen.getByRole('heading', { name: 'Saved stream' })).toBeTruthy();
    expect(screen.getByText('Saved question?')).toBeTruthy();
    expect(screen.getByText('Reading Revelation Without Fear')).toBeTruthy();
  });
});

describe('Live Q&A offline', () => {
  const HOUR = 60 * 60 * 1000;

  test('saved stream, questions and schedule show with "Offline · saved 2 hours ago", nothing is asked of the network, and the form cannot send', async () => {
    const requests = mockFetch(() => offline());
    setOnline(false);
    const updatedAt = Date.now() - 2 * HOUR;
    renderWithSaved(<LiveQa />, (queryClient) => {
      queryClient.setQueryData(liveKeys.current(), aStream({ title: 'Saved stream' }), { updatedAt });
      queryClient.setQueryData(liveKeys.questions(5), savedQuestions([aQuestion({ question: 'Saved question?' })]), { updatedAt });
      queryClient.setQueryData(liveKeys.upcoming(), upcoming, { updatedAt });
    });
    expect(screen.getByRole('heading', { name: 'Saved stream' })).toBeTruthy();
    expect(screen.getByText('Saved question?')).toBeTruthy();
    expect(screen.getByText('Reading Revelation Without Fear')).toBeTruthy();
    expect(screen.getByTestId('saved-age').textContent).toBe('Offline · saved 2 hours ago');

    // The visitor may write; sending waits for the connection (questions are not queued).
    await userEvent.type(nameField(), 'Ruth');
    await userEvent.type(questionField(), 'Can I ask offline?');
    const button = screen.getByRole('button', { name: 'Submit Question' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const note = screen.getByText("You're offline. Connect to ask a question.");
    expect(note.closest('[role="status"]')).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBe(note.closest('[id]')?.id);
    await userEvent.type(questionField(), '{enter}');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(requests).toEqual([]);
  });

  test('back online the form sends again and the note goes', async () => {
    const requests = api();
    setOnline(false);
    renderWithSaved(<LiveQa />, (queryClient) => queryClient.setQueryData(liveKeys.current(), aStream(), { updatedAt: Date.now() - HOUR }));
    expect(screen.getByText("You're offline. Connect to ask a question.")).toBeTruthy();
    setOnline(true);
    await waitFor(() => expect(screen.queryByText("You're offline. Connect to ask a question.")).toBeNull());
    await userEvent.type(nameField(), 'Ruth');
    await userEvent.type(questionField(), 'A new one?');
    await submit();
    await waitFor(() => expect(toastText()).toContain('Question submitted!'));
    expect(requests.filter((r) => r.path === '/api/questions')).toHaveLength(1);
  });

  test('never opened here: the live stream and the schedule each say they need a connection; Retry loads them once the signal is back', async () => {
    let reachable = false;
    mockFetch((request) => {
      if (!reachable) return offline();
      if (request.path === '/api/live-streams/current') return json(200, null);
      if (request.path === '/api/live-streams/upcoming') return json(200, upcoming);
      return json(404, { message: 'Not found' });
    });
    setOnline(false);
    renderWithProviders(<LiveQa />);
    expect(await screen.findByText("You're offline. The live stream needs a connection.")).toBeTruthy();
    expect(await screen.findByText("You're offline. The schedule needs a connection.")).toBeTruthy();
    expect(screen.queryByText('Failed to load the live stream.')).toBeNull();
    expect(screen.queryByText('Failed to load upcoming sessions.')).toBeNull();
    reachable = true;
    const [first] = screen.getAllByRole('button', { name: 'Retry' });
    await userEvent.click(first!);
    expect(await screen.findByRole('heading', { name: 'No Live Stream Currently' })).toBeTruthy();
  });

  test('a live stream whose questions were never fetched here: the question list needs a connection', async () => {
    mockFetch(() => offline());
    setOnline(false);
    renderWithSaved(<LiveQa />, (queryClient) => queryClient.setQueryData(liveKeys.current(), aStream(), { updatedAt: Date.now() - HOUR }));
    expect(await screen.findByText("You're offline. The question list needs a connection.")).toBeTruthy();
    expect(screen.queryByText('Failed to load questions.')).toBeNull();
  });
});

describe('Live Q&A, live', () => {
  test('a question asked elsewhere shows without a reload, a change to one moves it, and the viewer count follows the server', async () => {
    stubEventSource();
    api({ questions: [aQuestion({ id: 1, question: 'First?' })] });
    renderWithProviders(<LiveQa />);
    expect(await screen.findByRole('region', { name: 'Questions (1)' })).toBeTruthy();
    const source = latestEventSource();
    expect(source.url).toBe('/api/live-streams/5/events?hidden=1');
    source.open();
    source.send('question', aQuestion({ id: 2, askedBy: 'Josh', question: 'Asked in another tab?', createdAt: new Date(Date.now() + 1000).toISOString() }));
    const list = await screen.findByRole('region', { name: 'Questions (2)' });
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual(['Asked in another tab?', 'First?']);
    // Highlighted questions come first.
    source.send('question', aQuestion({ id: 1, question: 'First?', isHighlighted: true }));
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual(['First?', 'Asked in another tab?']));
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Highlighted');
    source.send('viewers', { count: 3 });
    expect(await screen.findByText('3 viewers')).toBeTruthy();
  });

  test('when the stream opens again (back online), the questions are read again', async () => {
    stubEventSource();
    const requests = api();
    renderWithProviders(<LiveQa />);
    await screen.findByRole('region', { name: 'Questions (1)' });
    latestEventSource().open();
    const reads = () => requests.filter((r) => r.path.startsWith('/api/live-streams/5/questions?')).length;
    await waitFor(() => expect(reads()).toBe(2));
    setOnline(false);
    expect(latestEventSource().closed).toBe(true);
    setOnline(true);
    latestEventSource().open();
    await waitFor(() => expect(reads()).toBe(3));
  });
});

describe('Live Q&A follows the desk', () => {
  /** The server as the desk changes it: `state.current` is what /current answers now. */
  function desk(state: { current: LiveStream | null; upcoming: LiveStream[] }) {
    return mockFetch((request) => {
      if (request.path === '/api/live-streams/current') return json(200, state.current);
      if (request.path === '/api/live-streams/upcoming') return json(200, state.upcoming);
      if (request.path.startsWith('/api/live-streams/8/questions?')) return json(200, []);
      return json(404, { message: 'Not found' });
    });
  }
  const scheduled = aStream({ id: 8, title: 'Reading Revelation Without Fear', isLive: false, viewerCount: 0, scheduledFor: '2030-03-09T19:00:00.000Z', youtubeId: 'dQw4w9WgXcQ' });

  test('with nothing live the page holds the site-wide events: when the desk goes live it shows the stream and its video without a reload, on the stream’s own events; when it ends, it says so', async () => {
    stubEventSource();
    const state = { current: null as LiveStream | null, upcoming: [scheduled] };
    desk(state);
    renderWithProviders(<LiveQa />);
    expect(await screen.findByRole('heading', { name: 'No Live Stream Currently' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Reading Revelation Without Fear' })).toBeTruthy();
    const site = latestEventSource();
    expect(site.url).toBe('/api/live-streams/events');
    site.open();

    state.current = { ...scheduled, isLive: true };
    state.upcoming = [];
    site.send('stream-changed', { id: 8 });
    expect(await screen.findByRole('heading', { level: 2, name: 'Reading Revelation Without Fear' })).toBeTruthy();
    expect(screen.getByText('LIVE')).toBeTruthy();
    // The player's code comes once a stream is live.
    const player = await screen.findByTitle('Live video: Reading Revelation Without Fear');
    expect(player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?playsinline=1&rel=0');
    expect(await screen.findByText('No upcoming sessions are scheduled yet.')).toBeTruthy();
    // One connection at a time: the site-wide one closed, the stream's own opened.
    expect(site.closed).toBe(true);
    const own = latestEventSource();
    expect(own.url).toBe('/api/live-streams/8/events?hidden=1');
    own.open();

    state.current = null;
    own.send('stream-changed', { id: 8 });
    expect(await screen.findByRole('heading', { name: 'No Live Stream Currently' })).toBeTruthy();
    expect(screen.getByText('"Reading Revelation Without Fear" has ended. Thank you for watching.').getAttribute('role')).toBe('status');
    expect(screen.queryByTitle('Live video: Reading Revelation Without Fear')).toBeNull();
    expect(own.closed).toBe(true);
    expect(latestEventSource().url).toBe('/api/live-streams/events');
  });

  test('the video: none when the stream has no YouTube id; opened offline, a note until the connection returns', async () => {
    desk({ current: aStream({ id: 8, youtubeId: null }), upcoming: [] });
    const { unmount } = renderWithProviders(<LiveQa />);
    await screen.findByText('LIVE');
    expect(screen.queryByTitle(/^Live video/)).toBeNull();
    unmount();

    mockFetch(() => offline());
    setOnline(false);
    renderWithSaved(<LiveQa />, (queryClient) => queryClient.setQueryData(liveKeys.current(), { ...scheduled, isLive: true }, { updatedAt: Date.now() }));
    expect(await screen.findByText('The live video needs a connection.')).toBeTruthy();
    expect(screen.queryByTitle(/^Live video/)).toBeNull();
    desk({ current: { ...scheduled, isLive: true }, upcoming: [] });
    setOnline(true);
    expect((await screen.findByTitle('Live video: Reading Revelation Without Fear')).getAttribute('src')).toContain('/embed/dQw4w9WgXcQ');
    expect(screen.queryByText('The live video needs a connection.')).toBeNull();
  });
});

describe('Live Q&A, moderation', () => {
  function serve(user: ReturnType<typeof aUser>, questions = [aQuestion({ id: 1, question: 'Mark me?' })]) {
    return mockFetch((request) => {
      if (request.path === '/api/live-streams/current') return json(200, aStream());
      if (request.path === '/api/live-streams/upcoming') return json(200, []);
      if (request.path.startsWith('/api/live-streams/5/questions?')) return json(200, questions);
      if (request.path === '/api/auth/me') return json(200, user);
      if (request.path === '/api/questions/1' && request.method === 'PATCH') return json(200, { ...questions[0], ...(request.body as object) });
      if (request.path.startsWith('/api/questions/') && request.method === 'DELETE') {
        const id = Number(request.path.split('/').at(-1));
        const index = questions.findIndex((q) => q.id === id);
        if (index === -1) return json(404, { message: 'That question does not exist.' });
        questions.splice(index, 1);
        return new Response(null, { status: 204 });
      }
      return json(404, { message: 'Not found' });
    });
  }

  test('an editor hides a question, asked first: cancelled, nothing is sent; confirmed, DELETE is sent and it leaves the list at once', async () => {
    const editor = aUser({ username: 'editor', isEditor: true });
    storeUser(editor);
    const requests = serve(editor, [aQuestion({ id: 1, question: 'Mark me?' }), aQuestion({ id: 2, askedBy: 'Troll', question: 'Something rude' })]);
    renderWithProviders(<LiveQa />);
    const item = (await screen.findByText('Something rude')).closest('li')!;
    await userEvent.click(await within(item).findByRole('button', { name: 'Hide' }));
    // Its code comes for editors only, once the list is shown.
    let dialog = await screen.findByRole('dialog', { name: 'Hide question' });
    expect(within(dialog).getByText('Hide the question from Troll? It disappears for everyone watching.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Hide question' })).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(screen.getByText('Something rude')).toBeTruthy();

    await userEvent.click(within(item).getByRole('button', { name: 'Hide' }));
    dialog = screen.getByRole('dialog', { name: 'Hide question' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide question' }));
    await waitFor(() => expect(screen.queryByText('Something rude')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/questions/2']);
    expect(screen.getByText('Mark me?')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Questions (1)' })).toBeTruthy();
  });

  test('a question an editor hid elsewhere leaves the list when its event arrives, and stays gone after a resync', async () => {
    stubEventSource();
    const questions = [aQuestion({ id: 1, question: 'Mark me?' }), aQuestion({ id: 2, question: 'Something rude' })];
    const requests = serve(aUser({ isEditor: false }), questions);
    const reads = () => requests.filter((r) => r.path.startsWith('/api/live-streams/5/questions?')).length;
    renderWithProviders(<LiveQa />);
    expect(await screen.findByText('Something rude')).toBeTruthy();
    const source = latestEventSource();
    source.open();
    await waitFor(() => expect(reads()).toBe(2));
    // Another stream's question of the same id is not this one.
    source.send('hidden', { id: 2, liveStreamId: 6 });
    expect(screen.getByText('Something rude')).toBeTruthy();
    source.send('hidden', { id: 2, liveStreamId: 5 });
    await waitFor(() => expect(screen.queryByText('Something rude')).toBeNull());
    expect(screen.getByText('Mark me?')).toBeTruthy();
    // The server no longer lists it: a resync reads the list again without it.
    questions.splice(1, 1);
    source.send('resync', {});
    await waitFor(() => expect(reads()).toBe(3));
    expect(screen.queryByText('Something rude')).toBeNull();
    expect(await screen.findByRole('region', { name: 'Questions (1)' })).toBeTruthy();
  });

  test('an older page that gets `resync` for a hidden question drops it when it reads the list again', async () => {
    stubEventSource();
    const questions = [aQuestion({ id: 1, question: 'Mark me?' }), aQuestion({ id: 2, question: 'Something rude' })];
    serve(aUser({ isEditor: false }), questions);
    renderWithProviders(<LiveQa />);
    expect(await screen.findByText('Something rude')).toBeTruthy();
    const source = latestEventSource();
    source.open();
    questions.splice(1, 1);
    source.send('resync', {});
    await waitFor(() => expect(screen.queryByText('Something rude')).toBeNull());
  });

  test('an editor highlights and answers a question from the list; the change shows at once', async () => {
    const editor = aUser({ username: 'editor', isEditor: true });
    storeUser(editor);
    const requests = serve(editor);
    renderWithProviders(<LiveQa />);
    const item = (await screen.findByText('Mark me?')).closest('li')!;
    await userEvent.click(await within(item).findByRole('button', { name: 'Highlight' }));
    expect(await within(item).findByRole('button', { name: 'Unhighlight' })).toBeTruthy();
    expect(item.textContent).toContain('Highlighted');
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ isHighlighted: true });
    await userEvent.click(within(item).getByRole('button', { name: 'Mark answered' }));
    expect(await within(item).findByRole('button', { name: 'Mark unanswered' })).toBeTruthy();
    expect(item.textContent).toContain('Answered');
    expect(requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toEqual({ isAnswered: true });
  });

  test('a reader who is not an editor (or nobody signed in) gets no moderation buttons', async () => {
    storeUser(aUser({ isEditor: false }));
    serve(aUser({ isEditor: false }));
    renderWithProviders(<LiveQa />);
    const item = (await screen.findByText('Mark me?')).closest('li')!;
    expect(within(item).queryByRole('button', { name: 'Highlight' })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Mark answered' })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Hide' })).toBeNull();
  });
});
