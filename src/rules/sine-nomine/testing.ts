import { createEngine, runScript } from '../../core/index.ts';
import type { ActionOption, Combatant, Encounter, Rejection, RuleModule, StoredEvent, WhoMayAct } from '../../core/index.ts';
import type { SnState } from './state.ts';

/**
 * A fight for tests: run a script, then commands one by one; `do` insists they are accepted, `refuse`
 * that they are rejected without changing anything.
 */
export class Fight {
  readonly engine;
  enc: Encounter;
  events: StoredEvent[];

  constructor(modules: readonly RuleModule<SnState>[], script: Record<string, unknown>, seed = 1) {
    this.engine = createEngine(modules as unknown as RuleModule[]);
    const r = runScript(this.engine, script, seed);
    if (!r.ok) throw new Error(`${r.at}: ${r.rejection.code}: ${r.rejection.message}`);
    this.enc = r.encounter;
    this.events = [...r.events];
  }

  do(...commands: readonly Record<string, unknown>[]): this {
    for (const command of commands) {
      const r = this.engine.execute(this.enc, command);
      if (!r.ok) throw new Error(`${JSON.stringify(command)} was refused: ${r.rejection.code}: ${r.rejection.message}`);
      this.enc = r.encounter;
      this.events.push(...r.events);
    }
    return this;
  }

  /** The rejection of a command that must be refused; throws if it was accepted or changed anything. */
  refuse(command: Record<string, unknown>): Rejection {
    const before = JSON.stringify(this.enc);
    const r = this.engine.execute(this.enc, command);
    if (r.ok) throw new Error(`${JSON.stringify(command)} was accepted`);
    if (JSON.stringify(this.enc) !== before) throw new Error('a refused command changed the encounter');
    return r.rejection;
  }

  get m(): SnState {
    return this.enc.state.module as SnState;
  }

  /** Log lines (undone ones marked with a leading "~"). */
  log(): string[] {
    return this.engine.log(this.events).map((l) => (l.undone ? `~${l.text}` : l.text));
  }

  /** Log lines from the last command only. */
  last(): string[] {
    const cmd = this.events[this.events.length - 1]?.cmd;
    return this.engine.log(this.events).filter((l) => l.cmd === cmd).map((l) => l.text);
  }

  now(): WhoMayAct {
    return this.engine.whoMayAct(this.enc);
  }

  /** The name of whoever acts now (actor slot, or the active member of a side). */
  acting(): string | null {
    const now = this.now();
    const id = now.kind === 'actor' ? now.actor : now.kind === 'side' ? now.active : null;
    return id === null ? null : this.name(id);
  }

  id(name: string): string {
    const s = this.enc.state;
    const id = s.roster.find((x) => s.combatants[x]!.name === name);
    if (!id) throw new Error(`no combatant ${name}`);
    return id;
  }

  name(id: string): string {
    return this.enc.state.combatants[id]?.name ?? id;
  }

  c(name: string): Combatant {
    return this.enc.state.combatants[this.id(name)]!;
  }

  hp(name: string): number | undefined {
    return this.c(name).tracks.hp?.value;
  }

  /** The initiative order as "Label total" strings, with the tie-break when there is one. */
  order(): string[] {
    return this.m.order.map((s) => `${s.label} ${s.initiative ?? '-'}${s.tieBreak ? ` (${s.tieBreak})` : ''}`);
  }

  allowed(name: string): readonly ActionOption[] {
    return this.engine.allowedActions(this.enc, name) ?? [];
  }
}

type Candidates = (e: Encounter, pick: <T>(xs: readonly T[]) => T, int: (min: number, max: number) => number) => unknown[];

/**
 * Over random fights: every option allowedActions offers (attacks without a target given one living) is accepted
 * by decide exactly when it is marked legal. Returns the disagreements found.
 */
export function allowedDisagreements(modules: readonly RuleModule<SnState>[], setup: Record<string, unknown>, candidates: Candidates, runs: number): string[] {
  const engine = createEngine(modules as unknown as RuleModule[]);
  const out: string[] = [];
  for (let run = 0; run < runs; run++) {
    let x = run * 7919 + 13;
    const next = (): number => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x >> 4;
    };
    const pick = <T>(xs: readonly T[]): T => xs[next() % xs.length]!;
    const int = (a: number, b: number): number => a + (next() % (b - a + 1));
    const r = runScript(engine, { ...setup, commands: [] }, run);
    if (!r.ok) return [r.rejection.message];
    let enc = r.encounter;
    for (let i = 0; i < 40; i++) {
      const c = engine.execute(enc, pick(candidates(enc, pick, int)));
      if (c.ok) enc = c.encounter;
      if (enc.state.status === 'ended') continue;
      for (const id of enc.state.roster) {
        for (const o of engine.allowedActions(enc, id) ?? []) {
          if (o.command === 'shove' || o.command === 'grapple') continue;
          const command: Record<string, unknown> = { type: o.command, ...o.preset };
          if (o.command === 'attack' && command.target === undefined) {
            const target = enc.state.roster.find((t) => t !== id && !enc.state.combatants[t]!.defeated);
            if (!target) continue;
            command.target = target;
          }
          const d = engine.execute(enc, command);
          if (d.ok !== o.legal) out.push(`${JSON.stringify(command)}: allowed says ${o.legal} (${o.reason ?? ''}), decide ${d.ok ? 'accepts' : d.rejection.message}`);
        }
      }
    }
  }
  return out;
}
