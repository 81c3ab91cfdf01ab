/**
 * Log text with its mentions marked, so the player projection can redact per mention instead of
 * searching for names. A rule module's `describe` writes a combatant as `ref(id)`, a side as
 * `sideRef(id)`, a list that readers may see only part of as `list(items)`, and numbers only the
 * readers of a combatant's tracks may read as `tracks(id, exact, vague)`, and a player's own words (a
 * request's label) as `said(text)`, which every reader reads as written; the markers are private-use
 * characters (U+E000 to U+E00F, refused in every command's text). The core parses the text into parts
 * (`parseLogText`), which render the GM's line (every mention by name, every number) or a player's
 * (`renderLogParts` with a `LogReader`). Pure.
 */

const REF = '\uE000';
const SIDE = '\uE001';
const END = '\uE002';
const LIST = '\uE003';
const ITEM = '\uE004';
const LIST_END = '\uE005';
const TRACKS = '\uE006';
const ALT = '\uE007';
const TRACKS_END = '\uE008';
const BAND = '\uE009';
const REF_POSS = '\uE00A';
const SIDE_POSS = '\uE00B';
const SOMEONE = '\uE00C';
const SAID = '\uE00D';

/** The characters reserved for the markers: no user text may contain them. */
export const RESERVED_TEXT = /[\uE000-\uE00F]/u;

export interface ListOptions {
  /** Between items (default ", "). */
  readonly sep?: string;
  /** Between the last two items, when there are two or more (default: `sep`). */
  readonly last?: string;
  /** Fewer items left than this (once the reader's hidden ones are gone): the whole line is left out. */
  readonly min?: number;
  /** Shown when no item is left (and `min` allows it). */
  readonly empty?: string;
  /** Before the list when one or more items are left. */
  readonly lead?: string;
  /** After the list when exactly one item is left ("acts"). */
  readonly one?: string;
  /** After the list when two or more items are left ("act together", "(at the same time)"). */
  readonly many?: string;
}

export interface BandOptions {
  readonly value: number;
  readonly max?: number;
  /** Around the band's label, e.g. " (" and ")". */
  readonly before?: string;
  readonly after?: string;
}

/** A combatant, named as it was when the line was written. */
export const ref = (id: string): string => `${REF}${id}${END}`;

/** A side, by its name then. */
export const sideRef = (id: string): string => `${SIDE}${id}${END}`;

/** A combatant named for readers who may see it, "someone" for the others (the line stays). */
export const someone = (id: string): string => `${SOMEONE}${id}${END}`;

/** "Vasquez's", "Marcus'": a combatant's name in the possessive. */
export const refPossessive = (id: string): string => `${REF_POSS}${id}${END}`;

/** "The Pirates'": a side's name in the possessive. */
export const sidePossessive = (id: string): string => `${SIDE_POSS}${id}${END}`;

/**
 * Words a player wrote (a request's label, `labelBy: 'player'`): every reader reads them exactly as
 * written. Never for text the GM typed, which players read through the secrets: a player's words name
 * only what the player guessed, so quoting them back tells nothing, while scrubbing them would confirm
 * the guess ("I shout at someone").
 */
export const said = (text: string): string => `${SAID}${text.replace(/[\uE000-\uE00F]/gu, '')}${END}`;

/** "Marcus'" or "Vasquez's". */
export const possessiveOf = (name: string): string => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** Text a reader who may not see everyone it mentions does not read (the rest of the line stays). */
export const optional = (text: string): string => list([text]);

/** Combatants as "A, B and C" (each a `ref`). */
export const refs = (ids: readonly string[], opts: ListOptions = {}): string => list(ids.map(ref), { last: ' and ', ...opts });

/** A list whose items (each may mention combatants) a reader sees only where it may see everyone mentioned. */
export function list(items: readonly string[], opts: ListOptions = {}): string {
  return `${LIST}${JSON.stringify(opts)}${items.map((i) => `${ITEM}${i}`).join('')}${LIST_END}`;
}

/**
 * Text only a reader of `id`'s tracks may read (its HP and other numbers: the GM, and players for a PC
 * or when NPC HP is shown exactly), and what the others read instead.
 */
export const tracks = (id: string, exact: string, vague: string): string => `${TRACKS}${id}${ALT}${exact}${ALT}${vague}${TRACKS_END}`;

/** The HP band of `id` at `value` (of `max`), for players who see NPC HP as bands; nothing for anyone else. */
export const band = (id: string, opts: BandOptions): string => `${BAND}${JSON.stringify({ id, ...opts })}${END}`;

export type LogPart =
  | string
  | { readonly ref: string; readonly name: string; readonly anon?: true }
  | { readonly side: string; readonly name: string }
  | { readonly list: readonly (readonly LogPart[])[]; readonly opts: ListOptions }
  | { readonly tracks: string; readonly pc: boolean; readonly exact: readonly LogPart[]; readonly vague: readonly LogPart[] }
  | { readonly band: string; readonly opts: BandOptions }
  | { readonly said: string };

/** Names, kinds and sides as they were when the line was written. */
export interface LogNames {
  combatant(id: string): { readonly name: string; readonly pc: boolean } | undefined;
  side(id: string): string | undefined;
}

/** Parses marked text; malformed markers never throw (a stray one is dropped). */
export function parseLogText(text: string, names: LogNames): LogPart[] {
  if (!RESERVED_TEXT.test(text)) return text === '' ? [] : [text];
  const p = new Parser(text, names);
  return p.sequence(NO_STOPS);
}

/** Where a sequence stops: nowhere (a whole line), at a list's next item or end, at a tracks part's next alternative or end. */
const NO_STOPS: ReadonlySet<string> = new Set();
const ITEM_STOPS: ReadonlySet<string> = new Set([ITEM, LIST_END]);
const TRACKS_STOPS: ReadonlySet<string> = new Set([ALT, TRACKS_END]);

/** A reserved character (U+E000 to U+E00F): a marker, or a stray one. */
const isMarker = (code: number): boolean => code >= 0xe000 && code <= 0xe00f;

/** Ends a run of plain text: pushed as one part unless empty; returns the new (empty) run. */
function flush(out: LogPart[], buf: string): string {
  if (buf !== '') out.push(buf);
  return '';
}

class Parser {
  i = 0;
  constructor(
    private readonly s: string,
    private readonly names: LogNames,
  ) {}

  sequence(stops: ReadonlySet<string>): LogPart[] {
    const out: LogPart[] = [];
    const s = this.s;
    let buf = '';
    while (this.i < s.length) {
      // Plain text runs up to the next marker: taken as one slice (the log is built on every command;
      // adding it character by character cost more than the rest of the line's making).
      const start = this.i;
      let end = start;
      while (end < s.length && !isMarker(s.charCodeAt(end))) end++;
      if (end > start) {
        buf += s.slice(start, end);
        this.i = end;
        if (end === s.length) break;
      }
      const ch = s[this.i]!;
      if (stops.has(ch)) break;
      this.i++;
      if (ch === REF || ch === REF_POSS || ch === SOMEONE) {
        const id = this.until(END);
        const name = this.names.combatant(id)?.name ?? id;
        buf = flush(out, buf);
        out.push(ch === SOMEONE ? { ref: id, name, anon: true } : { ref: id, name: ch === REF ? name : possessiveOf(name) });
      } else if (ch === SIDE || ch === SIDE_POSS) {
        const id = this.until(END);
        const name = this.names.side(id) ?? id;
        buf = flush(out, buf);
        out.push({ side: id, name: ch === SIDE ? name : possessiveOf(name) });
      } else if (ch === LIST) {
        buf = flush(out, buf);
        out.push(this.list());
      } else if (ch === TRACKS) {
        buf = flush(out, buf);
        out.push(this.tracks());
      } else if (ch === BAND) {
        buf = flush(out, buf);
        const b = this.band(this.until(END));
        if (b) out.push(b);
      } else if (ch === SAID) {
        buf = flush(out, buf);
        const words = this.until(END);
        if (words !== '') out.push({ said: words });
      }
      // Any other marker out of place is dropped.
    }
    flush(out, buf);
    return out;
  }

  /** Plain text up to `end` (consumed), or to the end of the text. */
  private until(end: string): string {
    const at = this.s.indexOf(end, this.i);
    const stop = at < 0 ? this.s.length : at;
    const raw = this.s.slice(this.i, stop);
    this.i = at < 0 ? this.s.length : at + 1;
    return raw.replace(/[\uE000-\uE00F]/gu, '');
  }

  private list(): LogPart {
    let header = '';
    while (this.i < this.s.length && this.s[this.i] !== ITEM && this.s[this.i] !== LIST_END) header += this.s[this.i++];
    const items: LogPart[][] = [];
    while (this.s[this.i] === ITEM) {
      this.i++;
      items.push(this.sequence(ITEM_STOPS));
    }
    if (this.s[this.i] === LIST_END) this.i++;
    return { list: items, opts: listOptions(header) };
  }

  private tracks(): LogPart {
    const id = this.until(ALT);
    const exact = this.sequence(TRACKS_STOPS);
    if (this.s[this.i] === ALT) this.i++;
    const vague = this.sequence(TRACKS_STOPS);
    while (this.i < this.s.length && this.s[this.i] !== TRACKS_END) this.i++;
    if (this.s[this.i] === TRACKS_END) this.i++;
    return { tracks: id, pc: this.names.combatant(id)?.pc ?? false, exact, vague };
  }

  private band(raw: string): LogPart | null {
    const o = safeJson(raw);
    if (!o || typeof o.id !== 'string' || typeof o.value !== 'number') return null;
    const opts: BandOptions = {
      value: o.value,
      ...(typeof o.max === 'number' ? { max: o.max } : {}),
      ...(typeof o.before === 'string' ? { before: o.before } : {}),
      ...(typeof o.after === 'string' ? { after: o.after } : {}),
    };
    return { band: o.id, opts };
  }
}

function safeJson(raw: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function listOptions(raw: string): ListOptions {
  const o = safeJson(raw) ?? {};
  const str = (k: string): string | undefined => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
  const out: { -readonly [K in keyof ListOptions]: ListOptions[K] } = {};
  for (const k of ['sep', 'last', 'empty', 'lead', 'one', 'many'] as const) {
    const v = str(k);
    if (v !== undefined) out[k] = v;
  }
  if (typeof o.min === 'number') out.min = o.min;
  return out;
}

/** How one reader reads a line: what it may not see, whose tracks it may read. */
export interface LogReader {
  /** A combatant this reader may not know of: a line naming it is left out (in a list, just the item). */
  hides(id: string): boolean;
  hidesSide(id: string): boolean;
  /** Whether the reader may read this combatant's tracks (`pc`: it was a PC when the line was written). */
  readsTracks(id: string, pc: boolean): boolean;
  /** The label of an HP band for this reader, or null when it reads no bands. */
  band(id: string, value: number, max: number | undefined): string | null;
  /** Free text (labels, notes typed by people) as this reader may read it; never a player's words (`said`), read as written. */
  text(s: string): string;
}

/** The GM reads everything. */
export const gmReader: LogReader = {
  hides: () => false,
  hidesSide: () => false,
  readsTracks: () => true,
  band: () => null,
  text: (s) => s,
};

class Hidden {}
const HIDDEN = new Hidden();

/** The line as `reader` reads it, or null when it must be left out. */
export function renderLogParts(parts: readonly LogPart[], reader: LogReader): string | null {
  try {
    return renderSeq(parts, reader);
  } catch (e) {
    if (e === HIDDEN) return null;
    throw e;
  }
}

function renderSeq(parts: readonly LogPart[], r: LogReader): string {
  let out = '';
  for (const p of parts) out += renderPart(p, r);
  return out;
}

function renderPart(p: LogPart, r: LogReader): string {
  if (typeof p === 'string') return r.text(p);
  if ('ref' in p) {
    if (!r.hides(p.ref)) return p.name;
    if (p.anon) return 'someone';
    throw HIDDEN;
  }
  if ('side' in p) {
    if (r.hidesSide(p.side)) throw HIDDEN;
    return p.name;
  }
  if ('list' in p) return renderList(p.list, p.opts, r);
  if ('tracks' in p) return renderSeq(r.readsTracks(p.tracks, p.pc) ? p.exact : p.vague, r);
  if ('said' in p) return p.said;
  const label = r.band(p.band, p.opts.value, p.opts.max);
  return label === null ? '' : `${p.opts.before ?? ''}${label}${p.opts.after ?? ''}`;
}

function renderList(items: readonly (readonly LogPart[])[], opts: ListOptions, r: LogReader): string {
  const shown: string[] = [];
  for (const item of items) {
    const text = renderLogParts(item, r);
    if (text !== null) shown.push(text);
  }
  if (shown.length < (opts.min ?? 0)) throw HIDDEN;
  if (shown.length === 0) return opts.empty ?? '';
  const sep = opts.sep ?? ', ';
  const last = opts.last ?? sep;
  const joined = shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(sep)}${last}${shown[shown.length - 1]}`;
  return `${opts.lead ?? ''}${joined}${(shown.length === 1 ? opts.one : opts.many) ?? ''}`;
}

/** Every combatant a line mentions (refs, lists, tracks, bands). */
export function mentionedIn(parts: readonly LogPart[], out: Set<string> = new Set()): Set<string> {
  for (const p of parts) {
    if (typeof p === 'string') continue;
    if ('ref' in p) out.add(p.ref);
    else if ('list' in p) for (const item of p.list) mentionedIn(item, out);
    else if ('tracks' in p) {
      out.add(p.tracks);
      mentionedIn(p.exact, out);
      mentionedIn(p.vague, out);
    } else if ('band' in p) out.add(p.band);
  }
  return out;
}
