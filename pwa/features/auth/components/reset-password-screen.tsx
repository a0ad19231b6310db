import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MailCheck } from 'lucide-react';
import { RESET_LINK_MINUTES } from '#contract/account-texts';
import { OfflineNote } from '#pwa/components/ui/offline';
import { TextField } from '#pwa/components/ui/text-field';
import { NetworkError } from '#pwa/lib/api-client';
import { serverFieldErrors } from '#pwa/lib/form-errors';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { FORGOT_PASSWORD_MESSAGE, useForgotPassword, useResetPassword } from '../api/reset-password';
import { OFFLINE_TEXT } from '../api/signup';

type Checks = typeof import('../reset-checks');

/** The form's checks (with zod), asked for once when the page opens: not part of its first download. */
let checksLoading: Promise<Checks> | null = null;
let checksLoaded: Checks | null = null;
const loadChecks = (): Promise<Checks> =>
  (checksLoading ??= import('../reset-checks').then(
    (checks) => (checksLoaded = checks),
    (error: unknown) => {
      // Asked for again by the next use (a dropped signal).
      checksLoading = null;
      throw error;
    },
  ));

/** The checks once they are here (null until then), asked for when the form mounts. */
function useChecks(): Checks | null {
  const [checks, setChecks] = useState<Checks | null>(checksLoaded);
  useEffect(() => {
    if (checks) return;
    let live = true;
    loadChecks().then(
      (loaded) => live && setChecks(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [checks]);
  return checks;
}

export const PASSWORD_HINT = 'At least 8 characters. Use uppercase and lowercase letters, a number and a special character.';
export const ASK_AGAIN = 'Ask for a new link';

/**
 * `/reset-password` (docs/product.md#the-readers-account): without a token, asks for a link by
 * username or email; with the mailed link's `?token=…`, sets the new password and signs the reader
 * in. Both need the server: offline the button waits, with the sign-in's offline words, and
 * nothing is queued.
 */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="card mx-auto w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-5 p-5 sm:p-8">{token === null ? <RequestLink /> : <NewPassword key={token} token={token} />}</div>
    </div>
  );
}

function SubmitRow({ pending, online, label, pendingLabel }: { pending: boolean; online: boolean; label: string; pendingLabel: string }) {
  const offlineId = useId();
  return (
    <div className="flex flex-col gap-2">
      <button type="submit" className="btn btn-primary w-full" disabled={pending || !online} aria-describedby={online ? undefined : offlineId}>
        {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {pending ? pendingLabel : label}
      </button>
      {online ? null : (
        <span id={offlineId}>
          <OfflineNote>{OFFLINE_TEXT}</OfflineNote>
        </span>
      )}
    </div>
  );
}

/** What a failed call says when it is not about a field: the offline words for no answer. */
const formMessage = (error: unknown, form: string | undefined) => (error instanceof NetworkError ? OFFLINE_TEXT : form);

function RequestLink() {
  const [login, setLogin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const forgot = useForgotPassword();
  const online = useOnlineStatus();
  const sentRef = useRef<HTMLParagraphElement>(null);
  useChecks();

  useEffect(() => {
    if (forgot.isSuccess) sentRef.current?.focus();
  }, [forgot.isSuccess]);

  if (forgot.isSuccess) {
    return (
      <>
        <h1 className="font-display text-2xl font-bold">Check your email</h1>
        <p ref={sentRef} tabIndex={-1} role="status" className="flex items-start gap-2 outline-none">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <span>{FORGOT_PASSWORD_MESSAGE}</span>
        </p>
        <p className="text-sm text-base-content/75">The link works for {RESET_LINK_MINUTES} minutes. Nothing came? Look in your spam folder, or send another.</p>
        <button type="button" className="btn btn-outline" onClick={() => forgot.reset()}>
          Send another link
        </button>
      </>
    );
  }

  const server = serverFieldErrors(forgot.error, ['login']);
  const shown = error ?? server.fields.login;
  const form = formMessage(forgot.error, server.form);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // Almost always here already (asked for when the form mounted); a submit that comes first waits for them.
    void loadChecks().then(({ checkLogin }) => {
      const checked = checkLogin(login);
      if ('error' in checked) {
        setError(checked.error);
        form.querySelector<HTMLInputElement>('[name="login"]')?.focus();
        return;
      }
      if (!online) return;
      forgot.mutate(checked.input);
    }, () => undefined);
  };

  return (
    <form className="flex flex-col gap-5" noValidate onSubmit={submit} aria-labelledby="reset-request-heading">
      <div>
        <h1 id="reset-request-heading" className="font-display text-2xl font-bold">
          Forgot your password?
        </h1>
        <p className="mt-1 text-base-content/75">Enter your username or email and we'll send you a link to choose a new one.</p>
      </div>
      <TextField
        label="Username or email"
        name="login"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={login}
        error={shown}
        onChange={(e) => {
          setLogin(e.target.value);
          setError(undefined);
          if (forgot.isError) forgot.reset();
        }}
      />
      {form ? (
        <p role="alert" className="text-sm text-error">
          {form}
        </p>
      ) : null}
      <SubmitRow pending={forgot.isPending} online={online} label="Send link" pendingLabel="Sending…" />
      <p className="text-center text-sm">
        <Link to="/" className="link">
          Back to home
        </Link>
      </p>
    </form>
  );
}

function NewPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const reset = useResetPassword();
  const online = useOnlineStatus();
  const navigate = useNavigate();
  const alertRef = useRef<HTMLDivElement>(null);
  const checks = useChecks();

  // Until the checks are here (a moment after the page opens), the link counts as one and the password as fine.
  const tokenIssue = checks?.tokenProblem(token);
  const linkValid = tokenIssue === undefined;
  const ownError = checks?.passwordProblem(password);
  const server = serverFieldErrors(reset.error, ['password']);
  const fieldError = (touched ? ownError : undefined) ?? server.fields.password;
  const linkProblem = linkValid ? formMessage(reset.error, server.form) : tokenIssue;

  useEffect(() => {
    if (reset.isError) alertRef.current?.focus();
  }, [reset.isError]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    const form = event.currentTarget;
    void loadChecks().then(({ passwordProblem, tokenProblem }) => {
      if (passwordProblem(password)) {
        form.querySelector<HTMLInputElement>('[name="password"]')?.focus();
        return;
      }
      if (!online || tokenProblem(token)) return;
      reset.mutate({ token, password }, { onSuccess: () => void navigate('/', { replace: true }) });
    }, () => undefined);
  };

  return (
    <form className="flex flex-col gap-5" noValidate onSubmit={submit} aria-labelledby="reset-new-heading">
      <div>
        <h1 id="reset-new-heading" className="font-display text-2xl font-bold">
          Choose a new password
        </h1>
        <p className="mt-1 text-base-content/75">You'll be signed in with it, here and from now on.</p>
      </div>
      {linkProblem ? (
        <div ref={alertRef} tabIndex={-1} role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-1 outline-none">
          <span>{linkProblem}</span>
          {reset.error instanceof NetworkError ? null : (
            <Link to="/reset-password" className="link font-medium">
              {ASK_AGAIN}
            </Link>
          )}
        </div>
      ) : null}
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        value={password}
        error={fieldError}
        onBlur={() => setTouched(true)}
        onChange={(e) => {
          setPassword(e.target.value);
          if (reset.isError) reset.reset();
        }}
      />
      <SubmitRow pending={reset.isPending} online={online} label="Set new password" pendingLabel="Saving…" />
    </form>
  );
}
