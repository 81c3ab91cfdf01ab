/**
 * Support for the redaction property test: fights built from each rule module's property setup with
 * made-up names nobody could mistake for words ("Zorblax", "Zölthörn"), written in other spellings in
 * free text (decomposed, upper-case, fullwidth, with invisible characters), distinctive NPC HP (4000 and
 * up, so a number in what players receive is an NPC's HP or nothing), random hidden combatants and GM
 * notes; and the ground truth of what players must not read, kept from the GM's side (the engine's state
 * after each event), independently of the server's redaction code.
 */
import type { Combatant, EncounterState } from '../../core/index.ts';

const FIRST = ['Zor', 'Vel', 'Quin', 'Thra', 'Myr', 'Kesh', 'Brun', 'Ixa', 'Dov', 'Yul', 'Prax', 'Wend', 'Zöl', 'Ñar', 'Éva'];
const SECOND = ['blax', 'thorn', 'wyk', 'dris', 'mok', 'zell', 'gath', 'rinn', 'vash', 'koth', 'phyx', 'quor', 'thörn', 'dïr', 'vé'];
/** How many names a round of `Names` makes (coprime with its step, 7, so none repeats within one). */
export const NAME_COUNT = FIRST.length * SECOND.length;

/** Made-up one-word names, never twice in a fight. */
export class Names {
  private n = 0;
  constructor(private readonly offset: number) {}

  fresh(): string {
    const i = (this.n++ * 7 + this.offset) % NAME_COUNT;
    const round = Math.floor(this.n / NAME_COUNT);
    return `${FIRST[Math.floor(i / SECOND.length)]}${SECOND[i % SECOND.length]}${round > 0 ? 'x'.repeat(round) : ''}`;
  }
}

/** One of the ways people may write `name`: as stored, decomposed, in capitals, fullwidth, with a soft hyphen or a zero-width joiner inside. */
export function spell(name: string, int: (min: number, max: number) => number): string {
  switch (int(0, 6)) {
    case 0:
      return name.normalize('NFD');
    case 1:
      return name.toUpperCase();
    case 2:
      return name.toUpperCase().normalize('NFD');
    case 3:
      return [...name].map((ch) => (/[A-Za-z]/.test(ch) ? String.fromCodePoint(ch.codePointAt(0)! + 0xfee0) : ch)).join('');
    case 4:
      return `${name.slice(0, 2)}\u00AD${name.slice(2)}`;
    case 5:
      return `${name.slice(0, 1)}\u200D${name.slice(1)}`;
    default:
      return name;
  }
}

/** Text as the truth compares it: NFKC, lower-case, without default-ignorable characters. */
export const normal = (text: string): string => text.normalize('NFKC').replace(/\p{Default_Ignorable_Code_Point}/gu, '').toLowerCase();

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
  /** The ids players know combatants by: c1, c2, ... in the order they first saw them. */
  private readonly playerIds = new Map<string, string>();
  /** What players wrote (request labels): theirs to read back as written, whatever it names. */
  private readonly playerWords = new Set<string>();

  /** Called with the state after every event. */
  observe(s: EncounterState): void {
    this.present = new Map(Object.entries(s.combatants));
    for (const c of this.present.values()) {
      const known = this.names.get(c.id) ?? new Map<string, boolean>();
      known.set(c.name, known.get(c.name) === true || !c.hidden);
      this.names.set(c.id, known);
      this.lastHidden.set(c.id, c.hidden);
      if (!c.hidden && !this.playerIds.has(c.id)) this.playerIds.set(c.id, `c${this.playerIds.size + 1}`);
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

  /** Text a player sent. */
  playerText(text: string): void {
    this.playerWords.add(text);
  }

  /** Whether players sent exactly this text. */
  wrote(text: string): boolean {
    return this.playerWords.has(text);
  }

  /** Every name anyone has had, for free text that names people. */
  allNames(): string[] {
    return [...this.names.values()].flatMap((m) => [...m.keys()]);
  }

  secretIds(): string[] {
    return [...this.lastHidden].filter(([id, hidden]) => (this.present.has(id) ? this.present.get(id)!.hidden : hidden)).map(([id]) => id);
  }

  /** The visible combatants as players must see them, in roster order of `s`: [their id, name]. */
  visible(s: EncounterState): [string, string][] {
    return s.roster.filter((id) => !s.combatants[id]!.hidden).map((id) => [this.playerIds.get(id)!, s.combatants[id]!.name]);
  }

  /**
   * Names of the secret combatants, and names anyone carried only while hidden; minus the names players
   * read on someone not secret (now, or before it left the fight), which a line about that one may name
   * (a newcomer in plain sight may take a hidden one's name), and minus those that read as such a name
   * and a number ("Goblin 2" beside a visible "Goblin": "Goblin 2 arrows" is also Goblin's count).
   */
  secretNames(): string[] {
    const secret = new Set(this.secretIds());
    const shown = this.shownNames(secret);
    const numbered = (name: string): boolean => {
      const m = /^(.*) \d+$/u.exec(normal(name));
      return m !== null && shown.has(m[1]!);
    };
    const out: string[] = [];
    for (const [id, names] of this.names) {
      for (const [name, seen] of names) if ((secret.has(id) || !seen) && !shown.has(normal(name)) && !numbered(name)) out.push(name);
    }
    return out;
  }

  /** The names (normalised) players read on someone not `secret`: in the fight now, or before it left; now, or before a rename. */
  private shownNames(secret: ReadonlySet<string>): Set<string> {
    const shown = new Set<string>();
    for (const [id, names] of this.names) if (!secret.has(id)) for (const [name, seen] of names) if (seen) shown.add(normal(name));
    return shown;
  }

  /** What `text` (something a player key received) gives away, if anything, in any spelling. */
  leaks(text: string, npcHpShown: boolean): string[] {
    const found: string[] = [];
    // What players wrote comes back as they wrote it: it gives nothing away.
    let rest = text;
    for (const w of this.playerWords) rest = rest.split(JSON.stringify(w).slice(1, -1)).join(' ').split(w).join(' ');
    // Engine ids are not players' ids: one reads as a secret combatant's only if players know no one by it.
    const inUse = new Set(this.playerIds.values());
    for (const id of this.secretIds()) if (!inUse.has(id) && new RegExp(`(?<![A-Za-z0-9_-])${id}(?![A-Za-z0-9_-])`).test(rest)) found.push(`hidden id ${id}`);
    const word = (w: string): RegExp => new RegExp(`(?<![\\p{L}\\p{N}_])${escape(w)}(?![\\p{L}\\p{N}_])`, 'gu');
    const secretNames = this.secretNames();
    // A name players read on someone not secret with a secret one inside ("Goblin 2", numbered beside a
    // "Goblin" in plain sight then, hidden since) names that one, who keeps the name players knew in every
    // line: while in the fight and after it leaves, and under a name it had before a rename (longest first,
    // so that "Goblin 2" is not cut by a shorter such name).
    let folded = normal(rest);
    const secretNormal = secretNames.map(normal);
    const holders = [...this.shownNames(new Set(this.secretIds()))].filter((v) => secretNormal.some((n) => v !== n && v.includes(n)));
    for (const v of holders.sort((a, b) => b.length - a.length)) folded = folded.replace(word(v), ' ');
    for (const name of secretNames) if (word(normal(name)).test(folded)) found.push(`secret name ${name}`);
    for (const t of this.gmText) if (rest.includes(t)) found.push(`GM text ${t}`);
    if (!npcHpShown) {
      for (const m of rest.matchAll(/(?<![A-Za-z0-9_.-])\d{4,}(?![A-Za-z0-9_])/g)) if (this.npcHp.has(Number(m[0]))) found.push(`NPC HP ${m[0]}`);
    }
    if (/"gmNotes"|"gmOnly"|"module"/.test(rest)) found.push('a GM-only field');
    // A hidden combatant's turn reads as the GM deciding, nothing that only it shows.
    if (/"unseen"|[Uu]nseen/.test(rest)) found.push('an unseen turn');
    return found;
  }
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
