import type { KuroOptions } from './options.ts';

/**
 * Kuro dice in Turnkeeper's notation. With both published rules on it is the named die `dK`
 * (faces 1, 2, 3, 0 "unlucky", 5, 6 exploding); each rule can be switched off per encounter.
 */
export function kuroDie(options: Pick<KuroOptions, 'explodingSixes' | 'unluckyFours'>): string {
  if (options.explodingSixes && options.unluckyFours) return 'dK';
  if (!options.explodingSixes && !options.unluckyFours) return 'd6';
  return options.explodingSixes ? 'd{1,2,3,4,5,6!}' : 'd{1,2,3,0:unlucky,5,6}';
}

/** `pool` Kuro dice plus `bonus`: "3dK+6". With no dice, just the bonus. */
export function checkNotation(pool: number, bonus: number, options: Pick<KuroOptions, 'explodingSixes' | 'unluckyFours'>): string {
  if (pool <= 0) return String(bonus);
  const dice = `${pool}${kuroDie(options)}`;
  if (bonus === 0) return dice;
  return `${dice}${bonus > 0 ? '+' : '-'}${Math.abs(bonus)}`;
}

/** A characteristic check: "a pool of d6 equal to the characteristic" + "twice the characteristic". */
export function characteristicCheck(characteristic: number, options: Pick<KuroOptions, 'explodingSixes' | 'unluckyFours'>): string {
  return checkNotation(characteristic, 2 * characteristic, options);
}

/** An action check: the characteristic's dice + the skill level (+ a specialisation). */
export function actionCheck(characteristic: number, skill: number, options: Pick<KuroOptions, 'explodingSixes' | 'unluckyFours'>): string {
  return checkNotation(characteristic, skill, options);
}
