import { runScript } from '../core/index.ts';
import type { Encounter, Rejection } from '../core/index.ts';
import { engine } from '../rules/index.ts';
import { executeCampaign } from './decide.ts';
import type { StoredCampaignEvent } from './events.ts';
import { pullIn } from './pull-in.ts';
import type { PullInRequest } from './pull-in.ts';
import { emptyCampaign } from './state.ts';
import type { Campaign } from './state.ts';

/** Test helpers: a campaign built by commands, each of which must be accepted. */
export interface Built {
  readonly campaign: Campaign;
  readonly events: StoredCampaignEvent[];
}

export function build(commands: readonly unknown[], from: Built = { campaign: emptyCampaign(), events: [] }): Built {
  let { campaign } = from;
  const events = [...from.events];
  for (const [i, command] of commands.entries()) {
    const r = executeCampaign(campaign, command);
    if (!r.ok) throw new Error(`command ${i} (${JSON.stringify(command)}) was rejected: ${r.rejection.code}: ${r.rejection.message}`);
    campaign = r.campaign;
    events.push(...r.events);
  }
  return { campaign, events };
}

/** The rejection of one command (fails if it was accepted). */
export function refused(campaign: Campaign, command: unknown): Rejection {
  const r = executeCampaign(campaign, command);
  if (r.ok) throw new Error(`expected ${JSON.stringify(command)} to be rejected; it recorded ${JSON.stringify(r.events)}`);
  return r.rejection;
}

/** The state after one more accepted command. */
export function after(built: Built, command: unknown): Built {
  return build([command], built);
}

/** A custom campaign with Vasquez (HP 12) and Lee (HP 9), and a Raider template. */
export function party(): Built {
  return build([
    { type: 'create', title: 'Docks', rules: 'custom' },
    { type: 'add-pc', name: 'Vasquez', hp: 12 },
    { type: 'add-pc', name: 'Lee', hp: 9, notes: 'Medic' },
    { type: 'add-template', name: 'Raider', hp: 6, tags: ['raider', 'human'], stats: { defense: 12 } },
  ]);
}

/** A Fallout campaign with Nora and Piper, and a Raider. */
export const NORA = { per: 6, agi: 7, str: 5, end: 5, int: 6, cha: 5, luc: 3, hp: 12, skills: { 'small guns': 3 }, ammo: { '10mm': 6 } };
export const PIPER = { per: 5, agi: 6, luc: 5, hp: 10 };
export function vault(): Built {
  return build([
    { type: 'create', title: 'Into the Glow', rules: 'fallout', options: { partyPoolStart: 1, gmPoolStart: 2 } },
    { type: 'add-pc', name: 'Nora', stats: NORA },
    { type: 'add-pc', name: 'Piper', stats: PIPER },
    { type: 'add-template', name: 'Raider', stats: { per: 5, agi: 5, hp: 8 }, tags: ['raider'] },
  ]);
}

/** The encounter the server would create from a pull-in. */
export function fightFrom(campaign: Campaign, request: PullInRequest = {}, commands: readonly unknown[] = []): Encounter {
  const p = pullIn(campaign.state, request);
  if (!p.ok) throw new Error(`pull-in rejected: ${p.rejection.message}`);
  const r = runScript(engine, { ...p.body, commands }, 7);
  if (!r.ok) throw new Error(`the pull-in body does not create an encounter (${r.at}): ${r.rejection.message}`);
  return r.encounter;
}

/** A PC's and an NPC's sheet in each game, and a sheet each game's schema refuses. */
export const SHEETS: Readonly<Record<string, { pc: Record<string, unknown>; npc: Record<string, unknown>; bad: Record<string, unknown> }>> = {
  swn: { pc: { hp: 12, ac: 14, attackBonus: 1, weapons: [{ name: 'Laser pistol', damage: '1d6', kind: 'ranged' }] }, npc: { hp: 6, ac: 13 }, bad: { ac: 'high' } },
  cwn: { pc: { hp: 9, ac: 12, dexMod: 2 }, npc: { hp: 6, ac: 12 }, bad: { hp: -1 } },
  kuro: { pc: { REA: 2, REF: 5, DEX: 3, STR: 2, defence: 8, hp: 14 }, npc: { REA: 1, REF: 2, DEX: 3, STR: 2, defence: 8, hp: 9 }, bad: { hp: 'x' } },
  fallout: { pc: NORA, npc: { per: 5, agi: 5, hp: 8 }, bad: { luc: 25 } },
  popcorn: { pc: { heroDice: 2, luckDie: 'd8' }, npc: { heroDice: 1 }, bad: { heroDice: 31 } },
  custom: { pc: { initiative: '1d20+2', defense: 13 }, npc: { defense: 12 }, bad: { initiative: '1d20+x' } },
};
