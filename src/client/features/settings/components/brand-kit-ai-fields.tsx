import { type GraphicFont, graphicFonts } from '../../../../contracts/brand-kit';
import { SwitchRow } from '../../../components/ui/switch-row';
import { cn } from '../../../lib/cn';

/*
 * The brand kit's AI studio fields (issue 30): the branded graphics' font and whether the writer
 * learns from the best-performing posts. Saved with the rest of the kit.
 */

/**
 * The graphics are drawn on the server with the bundled Fontsource fonts; the preview names the
 * font and shows it where the device has it, else in the same generic family, so the settings
 * chunk loads no web font.
 */
const fontOptions: Record<GraphicFont, { label: string; font: string; family: string }> = {
  sans: { label: 'Sans', font: 'Inter', family: "Inter, ui-sans-serif, system-ui, 'Segoe UI', sans-serif" },
  serif: { label: 'Serif', font: 'Lora', family: "Lora, Georgia, 'Times New Roman', serif" },
  rounded: {
    label: 'Rounded',
    font: 'Poppins',
    family: "Poppins, ui-rounded, 'Arial Rounded MT Bold', 'Nunito', sans-serif",
  },
};

export function GraphicFontField({
  name,
  value,
  onChange,
  brandName,
  error,
}: {
  name: string;
  value: GraphicFont;
  onChange: (font: GraphicFont) => void;
  brandName: string;
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">Graphic font</legend>
      <p className="text-xs text-slate-600">The lettering of the branded graphics the AI studio makes.</p>
      <div className="grid gap-2 sm:grid-cols-3">
        {graphicFonts.map((font) => (
          <label
            key={font}
            className={cn(
              'grid cursor-pointer gap-1 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500',
              value === font ? 'border-indigo-500 bg-indigo-50/60' : 'border-slate-300 hover:bg-slate-50',
            )}
          >
            <span className="flex items-center gap-2.5">
              <input
                type="radio"
                name={name}
                value={font}
                checked={value === font}
                onChange={() => onChange(font)}
                className="size-4 accent-indigo-600"
              />
              <span className="text-sm font-medium text-slate-900">
                {fontOptions[font].label}
                <span className="font-normal text-slate-600"> · {fontOptions[font].font}</span>
              </span>
            </span>
            <span
              aria-hidden="true"
              className="line-clamp-2 pl-6.5 text-base font-semibold break-words text-slate-900"
              style={{ fontFamily: fontOptions[font].family }}
            >
              {brandName.trim() || 'Fresh bread daily'}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function LearnFromResultsField({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <SwitchRow
      id={id}
      label="Learn from my best posts"
      description="Your writer is shown your best-performing published posts as examples of your voice. Pinned posts count either way."
      checked={checked}
      onCheckedChange={onChange}
      className="items-start rounded-lg border border-slate-200 px-4 py-3"
    />
  );
}
