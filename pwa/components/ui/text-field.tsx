import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  /** Shown under the field in the error colour and tied to it with aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

interface ControlA11y {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label, hint and error around one form control, tied to it for screen readers. */
function Field({ label, error, hint, className = '', control }: FieldProps & { control: (a11y: ControlA11y) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-base-content/75">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Splits a field's props into its shell's (label, error, hint, class) and its control's. */
function splitField<P extends FieldProps>({ label, error, hint, className, ...control }: P) {
  return [{ label, error, hint, className }, control] as const;
}

export type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled daisyUI input with an optional hint and error message. */
export function TextField(props: TextFieldProps) {
  const [field, input] = splitField(props);
  return <Field {...field} control={(a11y) => <input {...a11y} className={`input w-full ${field.error ? 'input-error' : ''}`} {...input} />} />;
}

export type TextAreaFieldProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & { textareaClassName?: string };

/** A labelled daisyUI textarea with an optional hint (e.g. a character count) and error message. */
export function TextAreaField(props: TextAreaFieldProps) {
  const [field, { textareaClassName = '', ...textarea }] = splitField(props);
  return (
    <Field {...field} control={(a11y) => <textarea {...a11y} className={`textarea w-full ${textareaClassName} ${field.error ? 'textarea-error' : ''}`} {...textarea} />} />
  );
}

export type SelectFieldProps = FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'>;

/** A labelled daisyUI select with an optional hint and error message. */
export function SelectField(props: SelectFieldProps) {
  const [field, select] = splitField(props);
  return <Field {...field} control={(a11y) => <select {...a11y} className={`select w-full ${field.error ? 'select-error' : ''}`} {...select} />} />;
}
