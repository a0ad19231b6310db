import { useState, type FormEvent } from 'react';
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
      <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <RememberMe checked={remember} onChange={setRemember} />
      <button type="submit" className="btn btn-primary w-full" disabled={login.isPending}>
        {login.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {login.isPending ? 'Logging in…' : 'Log In'}
      </button>
    </form>
  );
}
