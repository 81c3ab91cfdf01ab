import type { z } from 'zod';
import { BONUS } from './hit-bonus.ts';
import type { storedAttack } from './stored-attack-schema.ts';

/** A custom combatant's stored attack (read here without zod; its schema is in stored-attack-schema.ts). */
export type StoredAttack = z.output<typeof storedAttack>;

/** The roll a stored hit stands for: "+4" → "1d20+4", "0" → "1d20", "2d6+1" as it is. */
export function hitRoll(hit: string): string {
  const text = hit.trim();
  if (!BONUS.test(text)) return text;
  const n = Number(text);
  return n === 0 ? '1d20' : `1d20${n > 0 ? '+' : '-'}${Math.abs(n)}`;
}

/** How the GM reads a stored attack: "Attack with Shortsword: +4 vs defense, 1d6+2" (as SWN's "Attack with Laser pistol"). */
export function attackLabel(a: StoredAttack): string {
  const roll = hitRoll(a.hit);
  const onD20 = /^1?d20([+-]\d+)?$/i.exec(roll.replace(/\s+/g, ''));
  const hit = onD20 ? (onD20[1] ?? '+0') : roll;
  const vs = a.vs === undefined ? 'defense' : String(a.vs);
  return `Attack with ${a.name}: ${hit} vs ${vs}${a.damage ? `, ${a.damage}` : ''}`;
}

/** The attack command's fields a stored attack fills in (the GM then picks only the target). */
export function attackPreset(a: StoredAttack): Record<string, unknown> {
  return { label: a.name, hit: hitRoll(a.hit), ...(a.damage ? { damage: a.damage } : {}), ...(a.vs !== undefined ? { vs: a.vs } : {}) };
}
