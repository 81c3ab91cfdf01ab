import { reject } from '../../core/index.ts';
import type { Decision } from '../../core/index.ts';
import type { Weapon } from './stats.ts';

/** A hit roll modifier chosen from the game's list. */
export interface ModifierDef {
  readonly id: string;
  readonly label: string;
  readonly value: number;
  readonly cover?: boolean;
  /** CWN: "When multiple penalties are applied for cover or positioning, use only the worst." */
  readonly positioning?: boolean;
  readonly only?: 'melee' | 'ranged';
  readonly cannotHit?: boolean;
}

export interface Applied {
  readonly id: string;
  readonly label: string;
  readonly value: number;
}

export interface Combined {
  readonly applied: readonly Applied[];
  readonly ignored: readonly (Applied & { readonly why: string })[];
  readonly total: number;
}

export interface ModifierTable {
  readonly defs: readonly ModifierDef[];
  combine(ids: readonly string[], weapon: Weapon, targetName: string, meleeIgnoresCover: boolean): Combined | Decision<never>;
}

function pick(defs: readonly ModifierDef[], ids: readonly string[], weapon: Weapon): ModifierDef[] | Decision<never> {
  const chosen: ModifierDef[] = [];
  for (const id of new Set(ids)) {
    const def = defs.find((d) => d.id === id);
    if (!def) return reject('attack/unknown-modifier', `There is no hit modifier "${id}". Choose from: ${defs.map((d) => d.id).join(', ')}.`);
    if (def.only && def.only !== weapon.kind) {
      return reject('attack/modifier-weapon', `"${def.label}" applies to ${def.only} attacks only, and ${weapon.name} is a ${weapon.kind} weapon.`);
    }
    chosen.push(def);
  }
  if (chosen.some((d) => d.id === 'prone-distant') && chosen.some((d) => d.id === 'adjacent-prone')) {
    return reject('attack/modifier-conflict', 'A prone foe is either adjacent or distant, not both: choose one.');
  }
  return chosen;
}

const isRejection = (x: unknown): x is Decision<never> => typeof x === 'object' && x !== null && 'ok' in x;

const asApplied = (d: ModifierDef): Applied => ({ id: d.id, label: d.label, value: d.value });

function meleeCover(chosen: ModifierDef[], weapon: Weapon, meleeIgnoresCover: boolean) {
  const ignored: Array<Applied & { why: string }> = [];
  const kept = chosen.filter((d) => {
    if (d.cover && weapon.kind === 'melee' && meleeIgnoresCover) {
      ignored.push({ ...asApplied(d), why: 'melee attackers ignore cover' });
      return false;
    }
    return true;
  });
  return { kept, ignored };
}

const total = (xs: readonly Applied[]): number => xs.reduce((n, x) => n + x.value, 0);

const swnDefs: readonly ModifierDef[] = [
    { id: 'prone-distant', label: 'shooting at a distant prone foe', value: -2, only: 'ranged' },
    { id: 'adjacent-prone', label: 'adjacent prone foe', value: 2 },
    { id: 'melee-while-prone', label: 'melee attacking while prone', value: -4, only: 'melee' },
    { id: 'half-cover', label: 'half cover', value: -2, cover: true },
    { id: 'almost-complete-cover', label: 'almost complete cover', value: -4, cover: true },
    { id: 'prepared-position', label: 'prepared firing position', value: 2, only: 'ranged' },
];

/** Stars Without Number's table of suggested hit roll modifiers. */
export const swnModifiers: ModifierTable = {
  defs: swnDefs,
  combine(ids, weapon, _target, meleeIgnoresCover) {
    const chosen = pick(swnDefs, ids, weapon);
    if (isRejection(chosen)) return chosen;
    if (chosen.filter((d) => d.cover).length > 1) {
      return reject('attack/modifier-conflict', 'Choose one cover: half-cover or almost-complete-cover.');
    }
    const { kept, ignored } = meleeCover(chosen, weapon, meleeIgnoresCover);
    // "Being prone doesn't stack with hard cover": a prone target behind cover counts only the worse.
    const cover = kept.find((d) => d.cover);
    const prone = kept.find((d) => d.id === 'prone-distant');
    let applied = kept;
    if (cover && prone) {
      const drop = cover.value <= prone.value ? prone : cover;
      applied = kept.filter((d) => d !== drop);
      ignored.push({ ...asApplied(drop), why: "being prone doesn't stack with hard cover" });
    }
    const out = applied.map(asApplied);
    return { applied: out, ignored, total: total(out) };
  },
};

const cwnDefs: readonly ModifierDef[] = [
    { id: 'half-cover', label: 'half cover', value: -2, cover: true, positioning: true },
    { id: 'three-quarter-cover', label: 'three-quarter cover', value: -4, cover: true, positioning: true },
    { id: 'full-cover', label: 'full cover', value: -8, cover: true, positioning: true, cannotHit: true },
    { id: 'prone-distant', label: 'shooting at a distant prone foe', value: -2, only: 'ranged', positioning: true },
    { id: 'melee-while-prone', label: 'melee attacking while prone', value: -4, only: 'melee', positioning: true },
    { id: 'adjacent-prone', label: 'adjacent prone foe', value: 2 },
    { id: 'pistol-in-melee', label: 'shooting a pistol in melee', value: -4, only: 'ranged' },
];

/** Cities Without Number: the cover table; only the worst cover or positioning penalty applies. */
export const cwnModifiers: ModifierTable = {
  defs: cwnDefs,
  combine(ids, weapon, target, meleeIgnoresCover) {
    const chosen = pick(cwnDefs, ids, weapon);
    if (isRejection(chosen)) return chosen;
    const { kept, ignored } = meleeCover(chosen, weapon, meleeIgnoresCover);
    if (kept.some((d) => d.cannotHit)) {
      return reject('attack/full-cover', `${target} is in full cover and cannot be hit (-8): attack someone else or wait for an opening.`);
    }
    const positional = kept.filter((d) => d.positioning);
    const worst = positional.reduce<ModifierDef | undefined>((w, d) => (w === undefined || d.value < w.value ? d : w), undefined);
    const applied = kept.filter((d) => !d.positioning || d === worst);
    for (const d of positional) {
      if (d !== worst) ignored.push({ ...asApplied(d), why: 'only the worst cover or positioning penalty applies' });
    }
    const out = applied.map(asApplied);
    return { applied: out, ignored, total: total(out) };
  },
};
