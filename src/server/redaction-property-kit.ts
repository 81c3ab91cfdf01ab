/**
 * Support for the redaction property test: fights built from each rule module's property setup with
 * made-up names nobody could mistake for words ("Zorblax"), distinctive NPC HP (4000 and up, so a
 * number in what players receive is an NPC's HP or nothing), random hidden combatants and GM notes;
 * and the ground truth of what players must not read, kept from the GM's side (the engine's state
 * after each event), independently of the server's redaction code.
 */
import type { Combatant, EncounterState } from '../core/index.ts';

const FIRST = ['Zor', 'Vel', 'Quin', 'Thra', 'Myr', 'Kesh', 'Brun', 'Ixa', 'Dov', 'Yul', 'Prax', 'Wend'];
const SECOND = ['blax', 'thorn', 'wyk', 'dris', 'mok', 'zell', 'gath', 'rinn', 'vash', 'koth', 'phyx', 'quor'];

/** Made-up one-word names, never twice in a fight. */
export class Names {
  private n = 0;
  constructor(private readonly offset: number) {}

  fresh(): string {
    const i = (this.n++ * 7 + this.offset) % (FIRST.length * SECOND.length);
    const round = Math.floor(this.n / (FIRST.length * SECOND.length));
    return `${FIRST[Math.floor(i / SECOND.length)]}${SECOND[i % SECOND.length]}${round > 0 ? 'x'.repeat(round) : ''}`;
  }
}

export const NPC_HP_MIN = 4000;

type Row = Record<string, unknown> & { name: string; kind?: string; count?: number; stats?: Record<string, unknown>; hp?: number };

/**
 * The module's setup with every combatant renamed (counts spelled out one by one), NPCs given HP of
 * 4000 to 9999, some combatants hidden (never every PC), and GM notes on some. `int` draws the choices.
 */
export function disguise(setup: Record<string, unknown>, names: Names, int: (min: number, max: number) => number): { script: Record<string, unknown>; npcTemplate: Row } {
  const rows: Row[] = [];
  for (const c of setup.combatants as Row[]) {
    for (let i = 0; i < (c.count ?? 1); i++) {
      const { count: _count, ...rest } = c;
      rows.push(JSON.parse(JSON.stringify({ ...rest, name: names.fresh() })) as Row);
    }
  }
  const pcs = rows.filter((r) => r.kind === 'pc');
  rows.forEach((r, i) => {
    if (r.kind !== 'pc') withHp(r, int(NPC_HP_MIN, 9999));
    const lastPc = r.kind === 'pc' && pcs.indexOf(r) === 0;
    if (!lastPc && int(0, 2) === 0) r.hidden = true;
    if (int(0, 1) === 0) r.gmNotes = `GMSECRET-${i}-${names.fresh()}`;
  });
  const npc = rows.find((r) => r.kind !== 'pc') ?? rows[0]!;
  const { hidden: _h, gmNotes: _g, name: _n, ...npcTemplate } = npc;
  return { script: { ...setup, combatants: rows }, npcTemplate: npcTemplate as Row };
}

/** Sets a combatant's HP where its module reads it (a stat, or the core's `hp`). */
export function withHp(row: Row, hp: number): Row {
  if (row.stats && typeof row.stats.hp === 'number') row.stats.hp = hp;
  else row.hp = hp;
  return row;
}

/** What players must not read, from the GM's side: secret ids, names, GM notes and NPC HP seen so far. */
export class Truth {
  private readonly names = new Map<string, Map<string, boolean>>();
  private readonly lastHidden = new Map<string, boolean>();
  private present = new Map<string, Combatant>();
  private readonly gmText = new Set<string>();
  private readonly npcHp = new Set<number>();

  /** Called with the state after every event. */
  observe(s: EncounterState): void {
    this.present = new Map(Object.entries(s.combatants));
    for (const c of this.present.values()) {
      const known = this.names.get(c.id) ?? new Map<string, boolean>();
      known.set(c.name, known.get(c.name) === true || !c.hidden);
      this.names.set(c.id, known);
      this.lastHidden.set(c.id, c.hidden);
      if (c.gmNotes) this.gmText.add(c.gmNotes);
      const hp = c.tracks.hp;
      if (c.kind !== 'pc' && hp) {
        this.npcHp.add(hp.value);
        if (hp.max !== undefined) this.npcHp.add(hp.max);
      }
    }
  }

  /** GM-only text typed in (GM-only notes): never for players. */
  secretText(text: string): void {
    this.gmText.add(text);
  }

  /** Every name anyone has had, for free text that names people. */
  allNames(): string[] {
    return [...this.names.values()].flatMap((m) => [...m.keys()]);
  }

  secretIds(): string[] {
    return [...this.lastHidden].filter(([id, hidden]) => (this.present.has(id) ? this.present.get(id)!.hidden : hidden)).map(([id]) => id);
  }

  /** Names of the secret combatants, and names anyone carried only while hidden; minus names visible ones carry now. */
  secretNames(): string[] {
    const secret = new Set(this.secretIds());
    const visibleNow = new Set([...this.present.values()].filter((c) => !c.hidden).map((c) => c.name.toLowerCase()));
    const out: string[] = [];
    for (const [id, names] of this.names) {
      for (const [name, seen] of names) if ((secret.has(id) || !seen) && !visibleNow.has(name.toLowerCase())) out.push(name);
    }
    return out;
  }

  /** What `text` (something a player key received) gives away, if anything. */
  leaks(text: string, npcHpShown: boolean): string[] {
    const found: string[] = [];
    for (const id of this.secretIds()) if (new RegExp(`(?<![A-Za-z0-9_-])${id}(?![A-Za-z0-9_-])`).test(text)) found.push(`hidden id ${id}`);
    for (const name of this.secretNames()) if (new RegExp(`(?<![\\p{L}\\p{N}_])${name}(?![\\p{L}\\p{N}_])`, 'iu').test(text)) found.push(`secret name ${name}`);
    for (const t of this.gmText) if (text.includes(t)) found.push(`GM text ${t}`);
    if (!npcHpShown) {
      for (const m of text.matchAll(/(?<![A-Za-z0-9_.-])\d{4,}(?![A-Za-z0-9_])/g)) if (this.npcHp.has(Number(m[0]))) found.push(`NPC HP ${m[0]}`);
    }
    if (/"gmNotes"|"gmOnly"|"module"/.test(text)) found.push('a GM-only field');
    return found;
  }
}
