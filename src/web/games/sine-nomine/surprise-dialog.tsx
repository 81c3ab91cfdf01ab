import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { EncounterView } from '../../../core/index.ts';
import { Dialog, FormFooter } from '../../shared/dialog.tsx';
import { plainMessage } from '../../shared/plain-message.ts';
import { nameOf, useGm } from '../../gm/context.ts';
import { percent } from '../../gm/turn/odds.ts';
import { contestText, surpriseCommand, surpriseOddsOf } from './surprise-odds.ts';
import type { Contest, SurpriseOdds, SurprisePlan } from './surprise-odds.ts';
import { SurpriseRoster } from './surprise-roster.tsx';
import { readTyped } from '../../gm/dialogs/typed-dice.ts';
import { TypedDiceFields } from '../../gm/dialogs/typed-dice-fields.tsx';
import './surprise.css';

/** The rule, in the GM's words, at the top of the dialog. */
const RULE: Readonly<Record<string, string>> = {
  swn:
    "Each ambusher rolls Dex/Sneak (2d6 + Dex modifier + Sneak) against each target's Wis/Notice (2d6 + Wis modifier + Notice); the target wins ties. " +
    'NPCs add them only if their role is vigilant or stealthy, else they roll a plain 2d6. A target who loses against every ambusher is surprised: ' +
    'no initiative and only Instant actions in round 1; it rolls initiative at the start of round 2.',
  cwn:
    'A side caught entirely unawares is surprised: its enemies get a full free round before initiative is rolled, and its members may take only Instant actions in it. ' +
    'The GM decides, or calls for Dex/Sneak (2d6 + Dex modifier + Sneak) against Wis/Notice (2d6 + Wis modifier + Notice), the target winning ties: ' +
    'the side is surprised only if everyone ticked loses against every ambusher. A side anticipating combat cannot be surprised; members immune to surprise act in the free round.',
};

/** The two typed-in rolls of one contest, under the engine's dice keys. */
function diceFields(view: EncounterView, contests: readonly Contest[]): { key: string; label: string }[] {
  return contests.flatMap((c) => {
    const a = nameOf(view, c.ambusher);
    const t = nameOf(view, c.target);
    return [
      { key: `${a} vs ${t}`, label: `${a}'s Dex/Sneak vs ${t}` },
      { key: `${t} vs ${a}`, label: `${t}'s Wis/Notice vs ${a}` },
    ];
  });
}

/**
 * Surprise, set up before the fight starts (SWN per combatant, CWN per side): who ambushes and who might
 * be surprised, the exact odds of the contested checks before rolling (from a dry run of the engine: the
 * modifiers the rules give each side), the dice rolled at the table if the GM typed them, or the surprise
 * declared outright. The engine's refusal is said in the dialog; the result goes to the log.
 */
export function SurpriseDialog({ onClose }: { onClose: () => void }) {
  const gm = useGm();
  const { view, store, encounter } = gm;
  const [how, setHow] = useState<SurprisePlan['how']>('roll');
  const [ambushers, setAmbushers] = useState<readonly string[]>([]);
  const [targets, setTargets] = useState<readonly string[]>([]);
  const [typed, setTyped] = useState(false);
  const [faces, setFaces] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const plan: SurprisePlan = { how, ambushers, targets };
  const missing = targets.length === 0 ? 'Tick who might be surprised.' : how === 'roll' && ambushers.length === 0 ? 'Tick who ambushes, or declare the surprise.' : null;
  const command = missing ? null : surpriseCommand(plan);
  const key = command ? JSON.stringify(command) : '';
  const dry = useMemo(() => (command ? store.dryRun(command) : null), [key, encounter.version]);
  const refusal = dry && !dry.ok ? plainMessage(dry.rejection.message) : null;
  const odds = dry?.ok && how === 'roll' ? surpriseOddsOf(view.rules, dry.events) : null;
  const fields = odds ? diceFields(view, odds.contests) : [];
  const read = fields.map((f) => ({ ...f, r: faces[f.key]?.trim() ? readTyped(faces[f.key]!, false) : null }));
  const problems = typed ? Object.fromEntries(read.filter((f) => f.r && !f.r.ok).map((f) => [f.key, f.r && !f.r.ok ? f.r.message : ''])) : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setTried(true);
    setError(null);
    if (missing) return setError(missing);
    if (refusal || Object.keys(problems).length > 0) return;
    const dice: Record<string, number[]> = {};
    if (typed) for (const f of read) if (f.r?.ok) dice[f.key] = f.r.faces;
    const withDice = surpriseCommand(plan, dice);
    // Typed-in dice the rules cannot use (a 7 on a d6, one die of two): said here, nothing sent.
    const checked = Object.keys(dice).length > 0 ? store.dryRun(withDice) : null;
    if (checked && !checked.ok) return setError(plainMessage(checked.rejection.message));
    setBusy(true);
    const sent = await gm.send(withDice, 'Surprise');
    setBusy(false);
    if (sent.ok) onClose();
    else setError(plainMessage(sent.message));
  };

  return (
    <Dialog title="Surprise" onClose={onClose} wide>
      <form onSubmit={submit} className="command-form surprise-form" aria-label="Surprise">
        <p className="muted surprise-rule">{RULE[view.rules]}</p>
        <fieldset className="surprise-how">
          <legend className="sr-only">How</legend>
          <label>
            <input type="radio" name="surprise-how" checked={how === 'roll'} onChange={() => setHow('roll')} /> Roll the contested checks
          </label>
          <label>
            <input type="radio" name="surprise-how" checked={how === 'declare'} onChange={() => setHow('declare')} /> Declare it: the surprise is practically inevitable
          </label>
        </fieldset>
        <SurpriseRoster how={how} ambushers={ambushers} targets={targets} setAmbushers={setAmbushers} setTargets={setTargets} />
        {refusal && (
          <p className="warn" role="status">
            Not possible as it stands: {refusal}
          </p>
        )}
        {odds && <OddsOfAmbush view={view} odds={odds} />}
        {odds && fields.length > 0 && (
          <TypedDiceFields
            typed={typed}
            onTyped={setTyped}
            boxes={read.map((f) => ({ key: f.key, label: f.label, placeholder: 'e.g. 5, 4', help: '2d6: type each die as it shows, e.g. 5, 4', numeric: true, problem: tried ? problems[f.key] : undefined }))}
            values={faces}
            onChange={(key, value) => setFaces({ ...faces, [key]: value })}
          />
        )}
        <FormFooter error={error} onClose={onClose} disabled={busy} submit={busy ? 'Sending…' : how === 'roll' && !typed ? 'Roll' : 'Do it'} />
      </form>
    </Dialog>
  );
}

/** The chance of surprise before rolling: per target (SWN) or for the whole side (CWN), each contest with its dice. */
function OddsOfAmbush({ view, odds }: { view: EncounterView; odds: SurpriseOdds }) {
  const side = odds.side !== null ? view.sides.find((s) => s.id === view.combatants.find((c) => c.id === odds.targets[0]?.target)?.side) : undefined;
  return (
    <section className="odds surprise-odds" aria-label="Odds of the ambush">
      {odds.side !== null && (
        <p className="surprise-chance">
          <strong className="odds-p">{percent(odds.side)}</strong> <span>the {side?.name ?? 'side'} are caught unawares: every one ticked must lose against every ambusher.</span>
        </p>
      )}
      <ul className="surprise-targets">
        {odds.targets.map((t) => {
          const contests = odds.contests.filter((c) => c.target === t.target);
          const who = nameOf(view, t.target);
          return (
            <li key={t.target}>
              <p className="surprise-chance">
                <strong className={odds.side === null ? 'odds-p' : ''}>{percent(t.p)}</strong>{' '}
                <span>{outcome(who, contests.length, odds.side !== null)}</span>
              </p>
              <ul className="odds-notes">
                {contests.map((c) => (
                  <li key={c.ambusher}>
                    {contestText(view, c)}: {percent(c.p)}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** SWN: the target is surprised (by losing against every ambusher); CWN: it is caught off guard, one of the side. */
function outcome(who: string, ambushers: number, side: boolean): string {
  if (side) return ambushers > 1 ? `${who} is caught off guard by every ambusher` : `${who} is caught off guard`;
  return ambushers > 1 ? `${who} is surprised: it must lose against every ambusher` : `${who} is surprised`;
}
