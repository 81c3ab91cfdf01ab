/**
 * Names in free text, found the way people read them: every spelling of a name is the same name.
 * Text and names are compared folded: Unicode NFKC ("Zoe" + U+0308 and "Zoë" are one spelling, so are
 * fullwidth letters and ligatures), case-folded ("ZOË", "strauß" and "STRAUSS"), and without the
 * default-ignorable characters that show nothing (zero-width joiners, soft hyphens, variation
 * selectors). A name matches as a whole word. Matches are reported on the original text, whole
 * graphemes at a time (a letter with its marks), so replacing one leaves nothing of the spelling
 * behind. Pure.
 */

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const ASCII = /^[\x20-\x7E\t\n]*$/;
const WORD = '[\\p{L}\\p{N}_]';
const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

function foldOne(s: string): string {
  return s.normalize('NFKD').replace(IGNORABLE, '').toUpperCase().toLowerCase().replace(/ς/gu, 'σ').replace(/ß/gu, 'ss').normalize('NFKC');
}

/** The text folded, with, for each UTF-16 unit of it, where its grapheme starts and ends in the original (null: the same positions). */
interface Folded {
  readonly text: string;
  readonly starts: readonly number[] | null;
  readonly ends: readonly number[] | null;
}

function folded(original: string): Folded {
  if (ASCII.test(original)) return { text: original.toLowerCase(), starts: null, ends: null };
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (const { segment, index } of segmenter.segment(original)) {
    const f = foldOne(segment);
    text += f;
    for (let i = 0; i < f.length; i++) {
      starts.push(index);
      ends.push(index + segment.length);
    }
  }
  return { text, starts, ends };
}

/** How text and names are compared: NFKC, case-folded, default-ignorable characters left out. */
export function fold(text: string): string {
  return folded(text).text;
}

/** Whether two names are one name to a reader (the same once folded). */
export function sameName(a: string, b: string): boolean {
  return fold(a) === fold(b);
}

/** A term to find: a secret one (`as` undefined), one to keep as written (`as` null), or one read as `as`. */
export interface Term {
  readonly text: string;
  readonly as?: string | null;
}

export interface Match {
  /** Where the matched spelling is in the original text: [start, end). */
  readonly start: number;
  readonly end: number;
  /** The term's `as`. */
  readonly as: string | null | undefined;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Finds whole-word mentions of some terms in any spelling. Terms kept as written are found too, so that
 * a longer name players may read ("Goblin 2") is not mistaken for the shorter secret one inside it
 * ("Goblin"); at each place the longest term wins.
 */
export class NameMatcher {
  private readonly pattern: RegExp | null;
  private readonly terms = new Map<string, string | null | undefined>();

  constructor(terms: readonly Term[]) {
    for (const t of terms) {
      const f = fold(t.text);
      if (f.trim() === '') continue;
      // A term both secret and not is secret.
      if (this.terms.has(f) && this.terms.get(f) === undefined) continue;
      this.terms.set(f, t.as);
    }
    const sorted = [...this.terms.keys()].sort((a, b) => b.length - a.length).map(escape);
    this.pattern = sorted.length > 0 ? new RegExp(`(?<!${WORD})(?:${sorted.join('|')})(?!${WORD})`, 'gu') : null;
  }

  /** The mentions in `text`, left to right, not overlapping. */
  find(text: string): Match[] {
    if (!this.pattern || text === '') return [];
    const f = folded(text);
    const out: Match[] = [];
    for (const m of f.text.matchAll(this.pattern)) {
      const a = m.index;
      const b = a + m[0].length;
      const start = f.starts ? f.starts[a]! : a;
      const end = f.ends ? f.ends[b - 1]! : b;
      const last = out[out.length - 1];
      // Two matches inside one grapheme's folding: one replacement covers both.
      if (last && start < last.end) continue;
      out.push({ start, end, as: this.terms.get(m[0]) });
    }
    return out;
  }

  /** Whether the text mentions a secret term. */
  mentions(text: string): boolean {
    return this.find(text).some((m) => m.as === undefined);
  }

  /** The text with each secret term replaced by `secret`, and each term read otherwise by its `as`. */
  replace(text: string, secret: string): string {
    const found = this.find(text).filter((m) => m.as !== null);
    if (found.length === 0) return text;
    let out = '';
    let at = 0;
    for (const m of found) {
      out += text.slice(at, m.start) + (m.as ?? secret);
      at = m.end;
    }
    return out + text.slice(at);
  }
}
