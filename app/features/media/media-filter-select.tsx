/** One option of a library filter; `lang` marks an option written in another language (a language's own name). */
export interface FilterOption {
  value: string;
  label: string;
  lang?: string;
}

/**
 * A filter of the media library (type, category, language, license, order): a select with its label for screen
 * readers, which works as a plain GET form field without JavaScript and applies at once with it.
 */
export function FilterSelect({
  name,
  label,
  value,
  options,
  onChoose,
}: {
  name: "type" | "category" | "language" | "license" | "sort";
  label: string;
  value: string;
  options: FilterOption[];
  onChoose: (value: string) => void;
}) {
  const id = `media-${name}`;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} name={name} value={value} onChange={(event) => onChoose(event.target.value)} className="mfield px-3">
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
