/** Hit locations: a d20 table per body shape. */
export interface LocationRange {
  readonly location: string;
  readonly from: number;
  readonly to: number;
}

/** "humanoid: 1-2 head, 3-8 torso, 9-11 left arm, 12-14 right arm, 15-17 left leg, 18-20 right leg" (rules README). */
export const HUMANOID: readonly LocationRange[] = [
  { location: 'head', from: 1, to: 2 },
  { location: 'torso', from: 3, to: 8 },
  { location: 'left-arm', from: 9, to: 11 },
  { location: 'right-arm', from: 12, to: 14 },
  { location: 'left-leg', from: 15, to: 17 },
  { location: 'right-leg', from: 18, to: 20 },
];

/** Why a custom table is unusable (each face 1-20 must belong to exactly one location), or null. */
export function tableProblem(table: readonly LocationRange[]): string | null {
  const owner: (string | undefined)[] = new Array<string | undefined>(21);
  for (const r of table) {
    if (r.from > r.to) return `${r.location}: from (${r.from}) is above to (${r.to})`;
    for (let f = r.from; f <= r.to; f++) {
      if (owner[f] !== undefined) return `face ${f} belongs to both ${owner[f]} and ${r.location}`;
      owner[f] = r.location;
    }
  }
  for (let f = 1; f <= 20; f++) if (owner[f] === undefined) return `face ${f} of the d20 belongs to no location`;
  return null;
}

export function tableOf(hitLocations: 'humanoid' | readonly LocationRange[]): readonly LocationRange[] {
  return hitLocations === 'humanoid' ? HUMANOID : hitLocations;
}

export function locationAt(table: readonly LocationRange[], face: number): string {
  return table.find((r) => face >= r.from && face <= r.to)?.location ?? 'torso';
}

/** The table's own spelling of a location the GM named (any case), or undefined. */
export function findLocation(table: readonly LocationRange[], name: string): string | undefined {
  const n = name.trim().toLowerCase().replace(/\s+/g, '-');
  return table.find((r) => r.location.toLowerCase() === n)?.location;
}
