import { FormError } from '../../shared/form-model.ts';
import type { NamedField } from '../../shared/form-model.ts';
import { plainMessage, readyToSay, relativePath, statsOfMessage } from '../../shared/plain-message.ts';

/**
 * A problem with the stats (a FormError, or the rules' refusal) in the GM's words, and the stat it is
 * about: each field named by the label the form shows it with (its title: "PER", "Attack 1 › Hit"),
 * and where inside a stat that is a list or an object the problem is (`paths`: "0.hit"), so the form
 * marks that input rather than all of them.
 */
export function statsProblem(fields: readonly NamedField[], err: unknown): { message: string; errors: Record<string, string>; paths: Record<string, string[]> } {
  if (err instanceof FormError) {
    // The path finds the stat ("attacks[1].hit" → attacks, at "0.hit": the form counts its items from 1
    // in the path); the message names it in words already.
    const stat = err.path.split(/[.[]/)[0] ?? '';
    if (!fields.some((f) => f.name === stat)) return { message: err.message, errors: {}, paths: {} };
    const inside = err.path.slice(stat.length).replace(/\[(\d+)\]/g, (_all, n: string) => `[${Number(n) - 1}]`);
    return { message: err.message, errors: { [stat]: err.message }, paths: { [stat]: [relativePath(inside)] } };
  }
  const raw = readyToSay(err instanceof Error ? err.message : String(err));
  const message = plainMessage(raw, fields);
  // Each part next to its stat ("Orc: per: …; agi: …"), without the combatant's name before it.
  const errors: Record<string, string> = {};
  const paths: Record<string, string[]> = {};
  const stats = statsOfMessage(raw, fields);
  stats.forEach((s, i) => {
    const part = plainMessage(raw.slice(s.index, stats[i + 1]?.index ?? raw.length).replace(/[;.]?\s*$/, '.'), fields);
    errors[s.name] = errors[s.name] ? `${errors[s.name]!.replace(/\.$/, '')}; ${part}` : part;
    (paths[s.name] ??= []).push(s.path);
  });
  return { message, errors, paths };
}
