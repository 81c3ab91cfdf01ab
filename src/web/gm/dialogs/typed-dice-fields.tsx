/** One box for the faces of one roll, typed in as they came up at the table. */
export interface DiceBox {
  readonly key: string;
  readonly label: string;
  /** The example in the box ("e.g. 5, 4"). */
  readonly placeholder: string;
  /** Under the box: the dice and how to type them. */
  readonly help: string;
  readonly numeric: boolean;
  /** Said next to the box, or undefined. */
  readonly problem: string | undefined;
}

/**
 * "Type in the dice rolled at the table": the tick box, then (ticked) a box per roll, each with its
 * help and its problem next to it. The command and surprise dialogs share it.
 */
export function TypedDiceFields({
  typed,
  onTyped,
  boxes,
  values,
  onChange,
}: {
  typed: boolean;
  onTyped: (typed: boolean) => void;
  boxes: readonly DiceBox[];
  values: Readonly<Record<string, string>>;
  onChange: (key: string, value: string) => void;
}) {
  return (
    <fieldset className="typed-dice">
      <legend>
        <label>
          <input type="checkbox" checked={typed} onChange={(e) => onTyped(e.target.checked)} /> Type in the dice rolled at the table
        </label>
      </legend>
      {typed &&
        boxes.map((b) => {
          const id = `dice-${b.key.replace(/\W+/g, '-')}`;
          return (
            <div key={b.key} className={b.problem ? 'dice-key sf-invalid' : 'dice-key'}>
              <label htmlFor={id}>{b.label}</label>
              <input
                id={id}
                type="text"
                inputMode={b.numeric ? 'numeric' : 'text'}
                placeholder={b.placeholder}
                aria-describedby={`${id}-help`}
                value={values[b.key] ?? ''}
                onChange={(e) => onChange(b.key, e.target.value)}
              />
              <small id={`${id}-help`} className="dice-help">
                {b.help}
              </small>
              {b.problem && <small className="sf-error">{b.problem}</small>}
            </div>
          );
        })}
    </fieldset>
  );
}
