/**
 * The stances the GM marks for the forecast (pure): who flees or holds back, by combatant id; everyone
 * else fights. Kept per encounter in this browser under `turnkeeper.forecast-stances.v1:<encounter id>`;
 * beside them, under `turnkeeper.forecast-policy.v1:<encounter id>`, the game policy's choices the GM
 * ticked (Fallout's "Spend AP on extra damage", the policy option `spendAp`). Nothing leaves the browser,
 * and a storage that is missing, full or refused is done without.
 */
import type { Stance } from '../../../forecast/index.ts';

/** The marks in force: only `flee` and `hold` are kept (`fight` is the default, so no mark). */
export type Marks = Readonly<Record<string, Exclude<Stance, 'fight'>>>;

/** The choices the panel offers, in its order, with their words. */
export const STANCE_CHOICES: readonly { readonly value: Stance; readonly label: string }[] = [
  { value: 'fight', label: 'Fights' },
  { value: 'hold', label: 'Holds back' },
  { value: 'flee', label: 'Flees' },
];

const KEY_PREFIX = 'turnkeeper.forecast-stances.v1';

/** Where one encounter's marks are kept in this browser. */
export function marksKey(encounterId: string): string {
  return `${KEY_PREFIX}:${encounterId}`;
}

const isMark = (v: unknown): v is Exclude<Stance, 'fight'> => v === 'flee' || v === 'hold';

/** Anything read back from storage, as marks: what is not a mark is left out. */
export function marksOf(raw: unknown): Marks {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, Exclude<Stance, 'fight'>> = {};
  for (const [id, v] of Object.entries(raw)) if (isMark(v)) out[id] = v;
  return out;
}

/** The marks kept for `encounterId` (none when there is no storage or nothing readable). */
export function loadMarks(encounterId: string, from: Storage | null): Marks {
  try {
    return marksOf(JSON.parse(from?.getItem(marksKey(encounterId)) ?? '{}'));
  } catch {
    return {};
  }
}

/** Keeps the marks for `encounterId` (none: the entry goes); storage errors are ignored. */
export function saveMarks(encounterId: string, marks: Marks, to: Storage | null): void {
  try {
    if (Object.keys(marks).length === 0) to?.removeItem(marksKey(encounterId));
    else to?.setItem(marksKey(encounterId), JSON.stringify(marks));
  } catch {
    // Private browsing or a full storage: the marks hold for this page only.
  }
}

/** The marks with `id` set to `stance` (`fight` takes its mark away). */
export function withStance(marks: Marks, id: string, stance: Stance): Marks {
  const rest: Record<string, Exclude<Stance, 'fight'>> = {};
  for (const [k, v] of Object.entries(marks)) if (k !== id) rest[k] = v;
  if (stance !== 'fight') rest[id] = stance;
  return rest;
}

/** The marks of combatants still in the fight (`roster`), in the roster's order. */
export function marksIn(marks: Marks, roster: readonly string[]): Marks {
  const out: Record<string, Exclude<Stance, 'fight'>> = {};
  for (const id of roster) {
    const m = marks[id];
    if (m) out[id] = m;
  }
  return out;
}

/** The marks as one stable text, for the forecast job's key: "c2=flee c4=hold". */
export function marksText(marks: Marks): string {
  return Object.keys(marks)
    .sort()
    .map((id) => `${id}=${marks[id]!}`)
    .join(' ');
}

/** The marks in words, in the roster's order: "Vasquez flees, Raider 2 holds back" ('' with none). */
export function marksWords(marks: Marks, roster: readonly { readonly id: string; readonly name: string }[]): string {
  return roster
    .filter((c) => marks[c.id])
    .map((c) => `${c.name} ${marks[c.id] === 'flee' ? 'flees' : 'holds back'}`)
    .join(', ');
}

/** The game policy's choices the GM ticks for the forecast: only Fallout has one, spending AP on extra damage. */
export interface PolicyChoices {
  readonly spendAp: boolean;
}

export const NO_CHOICES: PolicyChoices = { spendAp: false };

const POLICY_PREFIX = 'turnkeeper.forecast-policy.v1';

/** Where one encounter's policy choices are kept in this browser (beside its marks). */
export function choicesKey(encounterId: string): string {
  return `${POLICY_PREFIX}:${encounterId}`;
}

/** Anything read back from storage, as choices: only a `spendAp` that is `true` ticks it. */
export function choicesOf(raw: unknown): PolicyChoices {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return NO_CHOICES;
  return { spendAp: (raw as { spendAp?: unknown }).spendAp === true };
}

/** The choices kept for `encounterId` (none ticked when there is no storage or nothing readable). */
export function loadChoices(encounterId: string, from: Storage | null): PolicyChoices {
  try {
    return choicesOf(JSON.parse(from?.getItem(choicesKey(encounterId)) ?? '{}'));
  } catch {
    return NO_CHOICES;
  }
}

/** Keeps the choices for `encounterId` (none ticked: the entry goes); storage errors are ignored. */
export function saveChoices(encounterId: string, choices: PolicyChoices, to: Storage | null): void {
  try {
    if (!choices.spendAp) to?.removeItem(choicesKey(encounterId));
    else to?.setItem(choicesKey(encounterId), JSON.stringify({ spendAp: true }));
  } catch {
    // Private browsing or a full storage: the choices hold for this page only.
  }
}

/** Whether the game's forecast policy takes `spendAp`: only Fallout's (any other refuses it). */
export function offersSpendAp(rulesId: string): boolean {
  return rulesId === 'fallout';
}

/** The policy options for the forecast's job: what is ticked and the game takes, or undefined (the policy as it stands). */
export function policyOptions(choices: PolicyChoices, rulesId: string): { readonly spendAp: true } | undefined {
  return choices.spendAp && offersSpendAp(rulesId) ? { spendAp: true } : undefined;
}

/** The policy options as one stable text, for the forecast job's key: "spendAp" ('' with none). */
export function policyText(options: Readonly<Record<string, unknown>> | undefined): string {
  if (!options) return '';
  return Object.keys(options)
    .sort()
    .map((k) => (options[k] === true ? k : `${k}=${JSON.stringify(options[k])}`))
    .join(' ');
}
