import { FormError } from '../shared/form-model.ts';
import type { NamedField } from '../shared/form-model.ts';
import { plainMessage, statsOfMessage } from '../shared/plain-message.ts';

/**
 * A problem with the stats (a FormError, or the rules' refusal) in the GM's words, and the stat it is
 * about: each field named by the label the form shows it with (its title: "PER", "Attack 1 › Hit").
 */
export function statsProblem(fields: readonly NamedField[], err: unknown): { message: string; errors: Record<string, string> } {
  if (err instanceof FormError) {
    // The path finds the stat ("attacks[1].hit" → attacks); the message names it in words already.
    const stat = err.path.split(/[.[]/)[0] ?? '';
    return { message: err.message, errors: fields.some((f) => f.name === stat) ? { [stat]: err.message } : {} };
  }
  const raw = err instanceof Error ? err.message : String(err);
  const message = plainMessage(raw, fields);
  // Each part next to its stat ("Orc: per: …; agi: …"), without the combatant's name before it.
  const errors: Record<string, string> = {};
  const stats = statsOfMessage(raw, fields);
  stats.forEach((s, i) => {
    const part = plainMessage(raw.slice(s.index, stats[i + 1]?.index ?? raw.length).replace(/[;.]?\s*$/, '.'), fields);
    errors[s.name] = errors[s.name] ? `${errors[s.name]!.replace(/\.$/, '')}; ${part}` : part;
  });
  return { message, errors };
}
