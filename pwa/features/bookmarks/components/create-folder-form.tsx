import { useId, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { createFolderInputSchema, DEFAULT_FOLDER_COLOR, FOLDER_NAME_MAX } from '#contract';
import { TextField } from '#pwa/components/ui/text-field';

/** Name (required) and colour (optional, #3B82F6 by default), checked with the API's own schema. */
export function CreateFolderForm({ onCreate, onCancel }: { onCreate: (name: string, color: string) => Promise<unknown>; onCancel: () => void }) {
  const colorId = useId();
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_FOLDER_COLOR);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = z.pick(createFolderInputSchema, { name: true, color: true }).safeParse({ name, color });
    if (!checked.success) {
      setError(checked.error.issues.find((i) => i.path[0] === 'name')?.message ?? checked.error.issues[0]?.message);
      (event.currentTarget as HTMLFormElement | null)?.querySelector('input')?.focus();
      return;
    }
    setError(undefined);
    await onCreate(checked.data.name, checked.data.color || DEFAULT_FOLDER_COLOR);
    setName('');
    setColor(DEFAULT_FOLDER_COLOR);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-200 p-4 sm:flex-row sm:items-start">
      <TextField
        label="Folder name"
        className="flex-1"
        value={name}
        maxLength={FOLDER_NAME_MAX}
        autoComplete="off"
        required
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          if (error) setError(undefined);
        }}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={colorId} className="text-sm font-medium">
          Colour
        </label>
        <input id={colorId} type="color" className="h-10 w-16 cursor-pointer rounded-field border border-base-300 bg-base-100 p-1" value={color} onChange={(event) => setColor(event.target.value.toUpperCase())} />
      </div>
      <div className="flex gap-2 sm:mt-7">
        <button type="submit" className="btn btn-primary">
          Create Folder
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
