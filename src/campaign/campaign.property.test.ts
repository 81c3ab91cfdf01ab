import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayCampaign } from './campaign.ts';
import { decideCampaign, executeCampaign } from './decide.ts';
import type { StoredCampaignEvent } from './events.ts';
import { checkCampaignFile } from './file.ts';
import { campaignLog } from './log.ts';
import { pullIn } from './pull-in.ts';
import type { Campaign } from './state.ts';
import { build, SHEETS } from './testing.ts';

/**
 * For random command sequences in every game: replaying the log after a JSON round trip (as storage
 * does) gives the campaign the fold built; undo restores the exact state before a command and undo
 * then redo changes nothing; a rejected command changes nothing; the log, the file check and pull-in
 * take whatever the commands made. And decide never throws, whatever JSON it is given.
 */
const PROTO = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
const NAMES = ['Vasquez', 'Lee', 'vasquez', 'Raider', ...PROTO, 'p1', 't1', 'Nobody'];
const FIGHTS = ['enc1', 'enc2', 'constructor', '__proto__'];

type Pick = <T>(xs: readonly T[]) => T;
type Int = (min: number, max: number) => number;

function candidates(c: Campaign, pick: Pick, int: Int, odd: unknown): unknown[] {
  const s = c.state;
  const sheets = SHEETS[s.rules]!;
  const known = [...s.pcOrder, ...s.pcOrder.map((id) => s.pcs[id]!.name)];
  const pcRefs = [...known, ...known, ...known, ...NAMES];
  const pc = pick(pcRefs);
  const found = s.pcOrder.map((id) => s.pcs[id]!).find((p) => p.id === pc || p.name.toLowerCase() === pc.toLowerCase());
  const trackKeys = found ? Object.keys(found.tracks) : ['hp'];
  const track = pick([...trackKeys, ...trackKeys, ...trackKeys, 'HP', 'luck', ...PROTO]);
  const current = found && Object.hasOwn(found.tracks, track) ? found.tracks[track]!.value : 0;
  const templates = [...s.templateOrder, ...s.templateOrder.map((id) => s.templates[id]!.name)];
  const template = pick([...templates, ...templates, ...NAMES]);
  const fight = pick([...s.fightOrder, ...s.fightOrder, ...FIGHTS]);
  const stats = pick([sheets.pc, sheets.npc, sheets.bad, {}]);
  const value = int(-2, 20);
  return [
    { type: 'add-pc', name: pick(NAMES), ...(int(0, 1) ? { hp: int(0, 20) } : {}), stats, ...(int(0, 3) === 0 ? { tracks: { [pick(['fatigue', ...PROTO])]: { value: int(0, 3), max: int(0, 5) } } } : {}) },
    { type: 'update-pc', pc, ...(int(0, 1) ? { name: pick(NAMES) } : {}), ...(int(0, 1) ? { stats } : {}), ...(int(0, 2) === 0 ? { hp: int(0, 20) } : {}), ...(int(0, 2) === 0 ? { notes: pick(['', 'Medic']) } : {}) },
    { type: 'set-pc-track', pc, track, value },
    { type: 'set-pc-track', pc, track, value: current - int(0, 4) },
    { type: 'remove-pc', pc },
    { type: 'add-template', name: pick(NAMES), stats, ...(int(0, 1) ? { hp: int(0, 9) } : {}), tags: pick([[], ['raider'], ['a', 'A', 'b']]), hidden: int(0, 1) === 1 },
    { type: 'update-template', template, ...(int(0, 1) ? { name: pick(NAMES) } : {}), ...(int(0, 1) ? { stats } : {}), side: pick([null, 'Raiders', undefined]), hp: pick([null, 3, undefined]) },
    { type: 'remove-template', template },
    { type: 'link-fight', fight, title: pick(['', 'Crypt ambush']), pcs: int(0, 1) ? { [pc]: `c${int(1, 3)}` } : {} },
    { type: 'unlink-fight', fight },
    {
      type: 'write-back',
      fight,
      changes: int(0, 3) === 0 ? [] : [{ pc, track, from: int(0, 1) ? current : value, to: int(-3, 25) }],
      ...(int(0, 2) === 0 && s.pools ? { pools: { party: { from: s.pools.party, to: int(0, 9) }, gm: { from: int(0, 1) ? s.pools.gm : 99, to: int(0, 9) } } } : {}),
    },
    writeBackOf(c, fight, pick, int),
    { type: 'new-session' },
    { type: 'set-title', title: pick(['Docks', 'Harbour', '']) },
    { type: 'set-options', options: pick([{}, { partyPoolStart: int(0, 8) }, { formula: pick(['1d10', '1d20']) }, { initiative: pick(['side', 'group', 'individual']) }, { explodingSixes: int(0, 1) === 1 }, { heroDie: pick(['d6', 'd8']) }]) },
    { type: 'undo' },
    { type: 'undo' },
    { type: 'redo' },
    odd,
  ];
}

/** A write-back that fits: the fight's PCs, their tracks as they stand, new values. */
function writeBackOf(c: Campaign, fightRef: string, pick: Pick, int: Int): unknown {
  const s = c.state;
  const fight = Object.hasOwn(s.fights, fightRef) ? s.fights[fightRef]! : undefined;
  const changes = Object.keys(fight?.pcs ?? {})
    .filter((id) => Object.hasOwn(s.pcs, id))
    .flatMap((id) => Object.entries(s.pcs[id]!.tracks).map(([track, t]) => ({ pc: pick([id, s.pcs[id]!.name]), track, from: t.value, to: int(0, 20) })))
    .filter(() => int(0, 1) === 1);
  const pools = s.pools && int(0, 1) ? { pools: { party: { from: s.pools.party, to: int(0, 6) }, gm: { from: s.pools.gm, to: int(0, 9) } } } : {};
  return { type: 'write-back', fight: fightRef, changes, ...pools };
}

/** Everything the fold keeps, as JSON (the stacks by their steps). */
function snapshot(c: Campaign): string {
  const steps = (stack: Campaign['undo']) => {
    const out: unknown[] = [];
    for (let s = stack; s; s = s.rest) out.push(s.top);
    return out;
  };
  return JSON.stringify([c.state, c.version, c.cmd, steps(c.undo), steps(c.redo)]);
}

const odd: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ type: fc.constantFrom('add-pc', 'update-pc', 'write-back', 'link-fight', 'create', 'constructor', 'set-options', 'add-template'), name: fc.jsonValue({ maxDepth: 2 }), pc: fc.jsonValue({ maxDepth: 1 }), stats: fc.jsonValue({ maxDepth: 3 }), changes: fc.jsonValue({ maxDepth: 3 }), pcs: fc.jsonValue({ maxDepth: 2 }), options: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: ['type'] }),
);

describe('campaigns: properties over random command sequences', () => {
  it('replay equals the fold, undo is exact, undo + redo is a no-op, rejections change nothing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(SHEETS)),
        fc.array(fc.nat({ max: 1_000_000 }), { minLength: 200, maxLength: 200 }),
        fc.array(odd, { minLength: 5, maxLength: 5 }),
        (rules, choices, odds) => {
          let i = 0;
          const next = (): number => choices[i++ % choices.length]!;
          const pick: Pick = (xs) => xs[next() % xs.length]!;
          const int: Int = (min, max) => min + (next() % (max - min + 1));
          const start = build([
            { type: 'create', title: 'Docks', rules },
            { type: 'add-pc', name: 'Vasquez', hp: 12, stats: SHEETS[rules]!.pc },
            { type: 'add-template', name: 'Raider', stats: SHEETS[rules]!.npc },
          ]);
          let campaign = start.campaign;
          const log: StoredCampaignEvent[] = [...start.events];
          const before = new Map<number, string>();
          for (let step = 0; step < 30; step++) {
            const command = pick(candidates(campaign, pick, int, odds[step % odds.length]));
            const prior = snapshot(campaign);
            const r = executeCampaign(campaign, command);
            if (!r.ok) {
              expect(snapshot(campaign)).toBe(prior);
              expect(r.rejection.code.length).toBeGreaterThan(0);
              expect(r.rejection.message.length).toBeGreaterThan(0);
              continue;
            }
            const type = (command as { type: string }).type;
            if (type === 'undo') {
              const expected = before.get((r.events[0]!.event as { cmd: number }).cmd);
              if (expected !== undefined) expect(JSON.stringify(r.campaign.state), 'undo restores the state before the command').toBe(expected);
            } else if (type !== 'redo') {
              before.set(r.events[0]!.cmd, JSON.stringify(campaign.state));
              const u = executeCampaign(r.campaign, { type: 'undo' });
              expect(u.ok).toBe(true);
              if (u.ok) {
                expect(JSON.stringify(u.campaign.state)).toBe(JSON.stringify(campaign.state));
                const rd = executeCampaign(u.campaign, { type: 'redo' });
                expect(rd.ok).toBe(true);
                if (rd.ok) expect(JSON.stringify(rd.campaign.state)).toBe(JSON.stringify(r.campaign.state));
              }
            }
            campaign = r.campaign;
            log.push(...r.events);
          }
          const stored = JSON.parse(JSON.stringify(log)) as StoredCampaignEvent[];
          expect(snapshot(replayCampaign(stored))).toBe(snapshot(campaign));
          expect(campaignLog(stored)).toHaveLength(log.length);
          const file = checkCampaignFile({ format: 'turnkeeper-campaign', version: 1, rules, title: campaign.state.title, events: stored, fights: [] });
          expect(file.ok ? null : `${file.path}: ${file.message}`).toBeNull();
          if (file.ok) expect(snapshot(file.campaign)).toBe(snapshot(campaign));
          const p = pullIn(campaign.state, { templates: campaign.state.templateOrder.map((t) => ({ template: t, count: 1 })) });
          expect(p.ok ? null : p.rejection.message).toBeNull();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('decide never throws, whatever JSON it is given', () => {
    const campaigns = Object.keys(SHEETS).map((rules) =>
      build([{ type: 'create', title: 'X', rules }, { type: 'add-pc', name: 'Vasquez', hp: 3, stats: SHEETS[rules]!.pc }, { type: 'link-fight', fight: 'e1', title: '', pcs: { Vasquez: 'c1' } }]).campaign,
    );
    campaigns.push(replayCampaign([]));
    fc.assert(
      fc.property(fc.constantFrom(...campaigns), odd, (c, input) => {
        const d = decideCampaign(c, input);
        if (!d.ok) expect(d.rejection.message.length).toBeGreaterThan(0);
        expect(() => pullIn(c.state, input as never)).not.toThrow();
        expect(() => checkCampaignFile(input)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});
