/**
 * Physical rolls: the GM types the faces that came up, in roll order, and gets the same RollResult an
 * engine roll would give (source 'entered'). Explosions consume extra faces.
 */
import type { DiceExpr } from './expr.ts';
import { rollTerm } from './roll-term.ts';
import type { FaceSource } from './roll-term.ts';
import type { TermModel } from './term-model.ts';
import type { DieRoll, RollResult } from './types.ts';

class EnteredFault extends Error {}

const plural = (n: number, one: string, many = one + 's'): string => `${n} ${n === 1 ? one : many}`;

/** How the dice a notation rolled add up, said as the GM counts them: " (3, and 1 extra die for the one that explodes)". */
function because(base: number, extras: number, rerolls: number): string {
  const parts: string[] = [];
  if (extras) parts.push(`${plural(extras, 'extra die', 'extra dice')} for ${extras === 1 ? 'the one that explodes' : 'those that explode'}`);
  if (rerolls) parts.push(plural(rerolls, 're-roll'));
  return parts.length ? ` (${base}, and ${parts.join(' and ')})` : '';
}

class TypedFaces implements FaceSource {
  pos = 0;
  extras = 0;
  rerolls = 0;

  constructor(
    private readonly faces: readonly unknown[],
    private readonly expr: DiceExpr,
    private readonly base: number,
  ) {}

  face(m: TermModel, die: number, extra: number, trigger: number, rerolled: number): number {
    const where = `die ${die + 1} of ${m.term.text}`;
    if (this.pos >= this.faces.length) {
      if (rerolled !== 0) throw new EnteredFault(`the ${rerolled} on ${where}${extra > 0 ? ` (explosion ${extra})` : ''} is re-rolled: type one more face`);
      if (extra > 0) throw new EnteredFault(`the ${trigger} on ${where} explodes: type one more face`);
      // Said as the GM counts them: dice, the extra ones that explosions rolled among them.
      const need = this.base + this.extras + this.rerolls;
      const extras = because(this.base, this.extras, this.rerolls);
      const least = this.expr.models.some((t) => t.canExplode || t.reroll !== null) ? 'at least ' : '';
      throw new EnteredFault(`${this.expr.notation} rolls ${least}${plural(need, 'die', 'dice')}${extras}, and ${plural(this.faces.length, 'was', 'were')} typed`);
    }
    const f = this.faces[this.pos];
    const label = `face ${this.pos + 1} (${where}${extra > 0 ? `, explosion ${extra}` : ''}${rerolled !== 0 ? ', re-roll' : ''})`;
    if (typeof f !== 'number' || !Number.isInteger(f)) {
      throw new EnteredFault(`${label} is ${typeof f === 'number' ? f : JSON.stringify(f) ?? String(f)}: faces are whole numbers`);
    }
    if (f < 1 || f > m.sides) {
      const custom = m.term.die.faces !== null;
      throw new EnteredFault(
        custom
          ? `${label} is ${f}: a ${m.die} has faces 1 to ${m.sides} (type the face number, not its value)`
          : `${label} is ${f}: a ${m.die} cannot show ${f} (faces 1 to ${m.sides})`,
      );
    }
    this.pos++;
    if (rerolled !== 0) this.rerolls++;
    else if (extra > 0) this.extras++;
    return f;
  }
}

export function rollEntered(
  expr: DiceExpr,
  faces: number[],
): { ok: true; result: RollResult } | { ok: false; code: 'dice/entered'; message: string } {
  if (!Array.isArray(faces)) return { ok: false, code: 'dice/entered', message: 'faces must be an array of whole numbers' };
  const base = expr.models.reduce((s, m) => s + m.count, 0);
  const src = new TypedFaces(faces, expr, base);
  const dice: DieRoll[] = [];
  const tags: Record<string, number> = {};
  const totals: number[] = [];
  try {
    for (const m of expr.models) totals.push(rollTerm(m, src, dice, tags));
  } catch (e) {
    if (e instanceof EnteredFault) return { ok: false, code: 'dice/entered', message: e.message };
    throw e;
  }
  if (src.pos < faces.length) {
    const extra = faces.length - src.pos;
    const explained = because(base, src.extras, src.rerolls);
    return {
      ok: false,
      code: 'dice/entered',
      message: src.pos === 0 ? `${expr.notation} rolls no dice: type none` : `${plural(faces.length, 'die was', 'dice were')} typed but ${expr.notation} rolls ${src.pos}${explained}: remove ${extra}`,
    };
  }
  return { ok: true, result: { notation: expr.notation, total: expr.combine(totals), dice, tags, source: 'entered' } };
}
