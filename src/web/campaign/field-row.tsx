/**
 * One labelled text box of a campaign dialog, with its problem said beside it (`<id>-error`, marked
 * `aria-invalid` and described by it), as the GM's add form says a refused stat beside its stat.
 */
export function FieldRow({
  id,
  label,
  value,
  onChange,
  error,
  numeric = false,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  numeric?: boolean;
  placeholder?: string;
}) {
  return (
    <div className="sf-row">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        {...(numeric ? { inputMode: 'numeric' as const, className: 'sf-num' } : { autoComplete: 'off' })}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <small id={`${id}-error`} className="error">
          {error}
        </small>
      )}
    </div>
  );
}
