import type { Engine } from '../../core/index.ts';
import { engine as defaultEngine } from '../../rules/index.ts';
import type { CliIo } from '../io.ts';

/** `turnkeeper rules [id]`: what each rule module offers, from its own schemas and docs. */
export function runRules(args: readonly string[], io: CliIo, engine: Engine = defaultEngine): number {
  const [id] = args;
  if (id === undefined) {
    for (const m of engine.modules.values()) io.out(`${m.id.padEnd(8)} ${m.title}`);
    io.out('\n`turnkeeper rules <id>` for a module\'s options, stats and commands.');
    return 0;
  }
  const m = engine.modules.get(id);
  if (!m) {
    io.err(`There are no "${id}" rules. Choose one of: ${[...engine.modules.keys()].join(', ')}.`);
    return 2;
  }
  const defaults = m.options.parse({});
  io.out(`${m.title} (${m.id}, version ${m.version})\n\nOptions (default in brackets):`);
  for (const [k, doc] of Object.entries(m.optionDocs)) io.out(`  ${k} [${JSON.stringify(defaults[k])}]: ${doc}`);
  io.out('\nCombatant stats:');
  for (const [k, doc] of Object.entries(m.statDocs)) io.out(`  ${k}: ${doc}`);
  io.out(`\nCommands: ${Object.keys(m.commands).join(', ')}`);
  io.out('Core commands: add-side, add-combatant, remove-combatant, update-combatant, set-defeated, damage, heal, set-track, add-condition, remove-condition, reorder, note, end-encounter, reopen-encounter, undo, redo');
  return 0;
}
