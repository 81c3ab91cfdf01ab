import type { Command, Decision, EngineEvent } from '../../../core/index.ts';
import { parseFaces } from '../dialogs/command-schema.ts';
import { typedRefusal } from '../dialogs/typed-dice.ts';

/** A row of the initiative table: the roll's key (a combatant's or a side's name) and whose it is. */
export interface InitiativeRow {
  readonly key: string;
  readonly combatant?: string;
}

/**
 * The initiative faces typed in, checked all at once: what can be read (by key), and every problem by
 * key, to be said next to its box — unreadable text ("6x"), or faces the dice cannot show, found by a
 * dry run of each row's roll alone (`dryRun`: the engine's own check; null while the rules load).
 */
export function checkInitiativeFaces(
  faces: Readonly<Record<string, string>>,
  rows: readonly InitiativeRow[],
  dryRun: ((command: Command) => Decision<EngineEvent> | null) | null,
): { dice: Record<string, number[]>; problems: Record<string, string> } {
  const dice: Record<string, number[]> = {};
  const problems: Record<string, string> = {};
  for (const row of rows) {
    const text = faces[row.key]?.trim() ?? '';
    if (text === '') continue;
    const f = parseFaces(text);
    if (!f) {
      problems[row.key] = `"${text}": type the faces rolled, e.g. 6 or 5, 3.`;
      continue;
    }
    const tried = dryRun?.({ type: 'roll-initiative', ...(row.combatant ? { combatants: [row.combatant] } : {}), dice: { [row.key]: f } }) ?? null;
    if (tried && !tried.ok && tried.rejection.code === 'dice/entered') problems[row.key] = typedRefusal(tried.rejection.message);
    else dice[row.key] = f;
  }
  return { dice, problems };
}
