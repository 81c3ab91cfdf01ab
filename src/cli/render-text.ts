import type { EncounterView, LogEntry, Now } from '../core/index.ts';

/** The final state and the log, for people. */
export function renderText(view: EncounterView, log: readonly LogEntry[]): string {
  const name = (id: string): string => view.combatants.find((c) => c.id === id)?.name ?? id;
  const lines: string[] = [];
  lines.push(`${view.title || 'Encounter'} (${view.rules}), ${view.status}, round ${view.round}`);
  lines.push(`Now: ${describeNow(view.now, name)}`);
  for (const i of view.now.kind === 'ended' ? [] : (view.now.interrupts ?? [])) {
    lines.push(`  or, out of turn: ${name(i.combatant)}: ${i.label} (${i.command})`);
  }
  lines.push('');
  lines.push('Combatants:');
  for (const c of view.combatants) {
    const tracks = Object.entries(c.tracks)
      .map(([k, t]) => `${k === 'hp' ? 'HP' : (t.label ?? k)} ${t.value}${t.max !== undefined ? `/${t.max}` : ''}`)
      .join(', ');
    const flags = [c.kind.toUpperCase(), c.hidden ? 'hidden' : '', c.defeated ? 'defeated' : ''].filter(Boolean).join(', ');
    const conditions = c.conditions.map((k) => k.name).join(', ');
    lines.push(`  ${c.name} [${flags}] ${tracks}${conditions ? ` — ${conditions}` : ''}`);
  }
  lines.push('');
  lines.push('Log:');
  for (const l of log) lines.push(`  ${l.undone ? '(undone) ' : ''}${l.gmOnly ? '[GM] ' : ''}${l.text}`);
  return lines.join('\n');
}

export function describeNow(now: Now, name: (id: string) => string): string {
  switch (now.kind) {
    case 'setup':
      return now.needs;
    case 'actor':
      return `${now.label ? `${now.label}: ` : ''}${name(now.actor)} acts (round ${now.round}${now.phase ? `, phase ${now.phase}` : ''})`;
    case 'side':
      return now.active
        ? `${name(now.active)} acts for their side (round ${now.round})`
        : `side ${now.side} chooses who acts next: ${now.waiting.map(name).join(', ')}`;
    case 'group':
      return `${now.label ? `${now.label}: ` : ''}${now.actors.map(name).join(' and ')} act together (round ${now.round}${now.phase ? `, phase ${now.phase}` : ''})`;
    case 'pass':
      return `${now.from ? name(now.from) : 'Someone'} passes the initiative to one of: ${now.candidates.map(name).join(', ')}`;
    case 'decision':
      return `the GM decides: ${now.decision.question}`;
    case 'ended':
      return 'the encounter has ended';
  }
}
