import { useId } from 'react';
import { TEXT_SIZES, THEMES, type TextSize, type Theme } from '#contract/reading';
import { setReading } from '../reading-store';
import { useReading } from '../use-reading';

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const SIZE_LABELS: Record<TextSize, string> = { small: 'Small', medium: 'Medium', large: 'Large', 'x-large': 'Extra large' };
const SIZE_CLASSES = ['text-xs', 'text-sm', 'text-base', 'text-lg'];

/** 'Theme' (System, Light, Dark) and 'Text size' (four steps): remembered on this device, signed in or not. */
export function ReadingSettings({ className = '' }: { className?: string }) {
  const { theme, textSize } = useReading();
  const id = useId();
  return (
    <div className={`flex flex-col gap-3 ${className}`}>
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold">Theme</legend>
        <div className="join w-full">
          {THEMES.map((value) => (
            <input
              key={value}
              type="radio"
              name={`${id}-theme`}
              value={value}
              aria-label={THEME_LABELS[value]}
              className="btn join-item btn-sm flex-1"
              checked={theme === value}
              onChange={() => setReading({ theme: value })}
            />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold">Text size</legend>
        <div className="join w-full">
          {TEXT_SIZES.map((value, i) => (
            // A bigger "A" for each step; the radio itself says which step it is.
            <label
              key={value}
              title={SIZE_LABELS[value]}
              className={`btn join-item btn-sm flex-1 font-display has-checked:btn-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 ${SIZE_CLASSES[i]}`}
            >
              <input
                type="radio"
                name={`${id}-size`}
                value={value}
                aria-label={SIZE_LABELS[value]}
                className="sr-only"
                checked={textSize === value}
                onChange={() => setReading({ textSize: value })}
              />
              <span aria-hidden="true">A</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
