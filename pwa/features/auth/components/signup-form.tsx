import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { emailSchema, passwordSchema, usernameSchema } from '#contract/users';
import { TextField } from '#pwa/components/ui/text-field';
import { useToast } from '#pwa/components/ui/toast';
import { useSignup } from '../api/signup';
import { RememberMe } from './remember-me';

// The API validates with the same schemas (contract/users.ts), so the browser and server agree.
const signupFieldsSchema = z.object({ username: usernameSchema, email: emailSchema, password: passwordSchema });
type Field = keyof z.input<typeof signupFieldsSchema>;
type Values = Record<Field, string>;

const FIELDS: Field[] = ['username', 'email', 'password'];

/** The first message per field; a blank field has none (a blank submit gets the 'All Fields Required' toast). */
export function signupFieldErrors(values: Values): Partial<Record<Field, string>> {
  // The form as it opens: nothing to say, and no parse (the welcome dialog's first render).
  if (FIELDS.every((field) => values[field].trim() === '')) return {};
  const result = signupFieldsSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    if (values[field].trim() !== '' && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export function SignupForm({ onSignedUp }: { onSignedUp: () => void }) {
  const [values, setValues] = useState<Values>({ username: '', email: '', password: '' });
  const [remember, setRemember] = useState(true);
  // A field shows its message once the user has left it or tried to submit, then live as they type.
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const { toast } = useToast();
  const signup = useSignup();

  const errors = signupFieldErrors(values);
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined);
  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
    error: shown(field),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (FIELDS.some((f) => values[f].trim() === '')) {
      toast({ title: 'All Fields Required', description: 'Please fill in all fields to create your account.', variant: 'destructive' });
      return;
    }
    setTouched({ username: true, email: true, password: true });
    const firstInvalid = FIELDS.find((f) => errors[f]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    signup.mutate(
      { username: values.username.trim(), email: values.email.trim(), password: values.password, remember },
      { onSuccess: onSignedUp },
    );
  };

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} hint="3-20 characters: letters, numbers and underscores." {...bind('username')} />
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...bind('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. Use uppercase and lowercase letters, a number and a special character."
        {...bind('password')}
      />
      <RememberMe checked={remember} onChange={setRemember} />
      <button type="submit" className="btn btn-primary w-full" disabled={signup.isPending}>
        {signup.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {signup.isPending ? 'Creating account…' : 'Create Account'}
      </button>
    </form>
  );
}
