/**
 * The redaction property's oracle (redaction-property-kit.ts `Truth`) on the situations of its popcorn
 * counterexamples (seeds -494509692 and 1294084338): a name players read on someone not secret, with a
 * hidden one's name inside it ("Ñarrinn 2", numbered beside a "Ñarrinn" in plain sight then, hidden
 * since), names that one, in the fight or gone, under its name now or an earlier one; the hidden one's
 * own name is still a leak. The rule: players "see a newcomer numbered among the visible only", and
 * nothing hidden reaches them (redaction.property.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { runScript } from '../../core/index.ts';
import { engine } from '../../rules/index.ts';
import { Truth } from './redaction-property-kit.ts';

/** The truth after `commands`, observed event by event as the property observes them. */
function truthAfter(commands: Record<string, unknown>[]): Truth {
  const r = runScript(engine, { rules: 'custom', combatants: [{ name: 'Hero', kind: 'pc', hp: 10 }], commands }, 1);
  if (!r.ok) throw new Error(`${r.at}: ${r.rejection.message}`);
  const truth = new Truth();
  let encounter = engine.replay([]);
  for (const s of r.events) {
    encounter = engine.evolve(encounter, s);
    truth.observe(encounter.state);
  }
  return truth;
}

const twoNarrinn = [
  { type: 'add-combatant', name: 'Ñarrinn', hp: 4013 },
  { type: 'add-combatant', name: 'Ñarrinn', hp: 4014 },
  { type: 'update-combatant', combatant: 'Ñarrinn', hidden: true },
];

describe('Truth: the name players knew, with a secret name inside it', () => {
  it('in the fight: "Ñarrinn 2" names the newcomer, "Ñarrinn" the hidden one', () => {
    const truth = truthAfter(twoNarrinn);
    expect(truth.secretNames()).toEqual(['Ñarrinn']);
    expect(truth.leaks('Ñarrinn 2 takes 3 damage.', true)).toEqual([]);
    expect(truth.leaks('Ñarrinn takes 3 damage.', true)).toEqual(['secret name Ñarrinn']);
  });

  it('gone from the fight (seed -494509692): "Ñarrinn 2 leaves the fight." names the newcomer it was', () => {
    const truth = truthAfter([...twoNarrinn, { type: 'remove-combatant', combatant: 'Ñarrinn 2' }]);
    expect(truth.leaks('Ñarrinn 2 leaves the fight.', true)).toEqual([]);
    expect(truth.leaks('ÑARRINN 2 and Ñarrinn whisper', true)).toEqual(['secret name Ñarrinn']);
  });

  it('renamed since (seed 1294084338): earlier lines naming it "Ñarrinn 2" name the newcomer', () => {
    const truth = truthAfter([...twoNarrinn, { type: 'update-combatant', combatant: 'Ñarrinn 2', name: 'Évawyk' }]);
    expect(truth.leaks("Ñarrinn 2: Dazed until the end of Ñarrinn 2's next turn.", true)).toEqual([]);
    expect(truth.leaks('Évawyk and Ñarrinn', true)).toEqual(['secret name Ñarrinn']);
  });

  it('a name carried only while hidden is no cover: hidden "Ñarrinn 2" gone, "Ñarrinn 2" still names the hidden "Ñarrinn"', () => {
    const truth = truthAfter([
      { type: 'add-combatant', name: 'Ñarrinn', hp: 4013, hidden: true },
      { type: 'add-combatant', name: 'Ñarrinn', hp: 4014, hidden: true },
      { type: 'remove-combatant', combatant: 'Ñarrinn 2' },
    ]);
    expect(truth.leaks('Ñarrinn 2 leaves the fight.', true)).toEqual(['secret name Ñarrinn', 'secret name Ñarrinn 2']);
  });
});
