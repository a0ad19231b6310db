import { useState, type FormEvent } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';
import { TextField } from '#pwa/components/ui/text-field';
import { useToast } from '#pwa/components/ui/toast';
import { useLogin } from '../api/login';
import { RememberMe } from './remember-me';

export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const { toast } = useToast();
  const login = useLogin();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!username.trim() || !password.trim()) {
      toast({ title: 'All Fields Required', description: 'Please enter your username and password.', variant: 'destructive' });
      return;
    }
    login.mutate({ username: username.trim(), password, remember }, { onSuccess: onLoggedIn });
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <TextField label="Username" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} value={username} onChange={(e) => setUsername(e.target.value)} />
      <div className="flex flex-col gap-1">
        <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <ForgotPasswordLink onFollow={onLoggedIn} />
      </div>
      <RememberMe checked={remember} onChange={setRemember} />
      <button type="submit" className="btn btn-primary w-full" disabled={login.isPending}>
        {login.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {login.isPending ? 'Logging in…' : 'Log In'}
      </button>
    </form>
  );
}

/**
 * To `/reset-password` (docs/product.md#the-readers-account), closing the dialog on the way. A
 * router link inside the app; a plain one where the dialog is shown without a router.
 */
function ForgotPasswordLink({ onFollow }: { onFollow: () => void }) {
  const inRouter = useInRouterContext();
  const className = 'link link-primary self-end text-sm';
  return inRouter ? (
    <Link to="/reset-password" className={className} onClick={onFollow}>
      Forgot password?
    </Link>
  ) : (
    <a href="/reset-password" className={className}>
      Forgot password?
    </a>
  );
}
