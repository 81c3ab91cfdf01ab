import { accept, checkDecisionSize, findTextProblem, own, reject } from '../core/index.ts';
import { rejectIssues } from './issue-path.ts';
import type { Decision, EngineEvent, Rejection } from '../core/index.ts';
import { stampCampaignEvents } from './campaign.ts';
import { campaignCommandSchemas, isCampaignCommandType } from './commands.ts';
import type { CampaignCommand, CampaignCommandOf } from './commands.ts';
import { linkFight, unlinkFight, writeBack } from './decide-fights.ts';
import { importAll } from './decide-import.ts';
import { addPc, removePc, setPcTrack, updatePc } from './decide-pcs.ts';
import { addTemplate, removeTemplate, updateTemplate } from './decide-templates.ts';
import type { CampaignEvent, PoolChanges, StoredCampaignEvent, TrackChange } from './events.ts';
import { ruleModules } from '../rules/index.ts';
import { moduleFor, pcById } from './lookup.ts';
import { sameJson } from './same-json.ts';
import type { Campaign, CampaignState } from './state.ts';

export type CampaignDecision = Decision<CampaignEvent>;

/**
 * decideCampaign(campaign, command) -> events | rejection, as the encounter's `decide`: the command's
 * text and shape are checked (each problem named by its field), PCs and templates are found by id or
 * name, and the game's own schemas check stats and options. Never throws; a rejection is a value.
 */
export function decideCampaign(campaign: Campaign, input: unknown): CampaignDecision {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || typeof (input as { type?: unknown }).type !== 'string') {
    return reject('command/invalid', 'A campaign command is a JSON object with a "type", e.g. {"type": "new-session"}.');
  }
  const type = (input as { type: string }).type;
  const text = findTextProblem(input);
  if (text) return reject('command/invalid-text', `${type}: ${text.path ? `"${text.path}" ` : ''}${text.problem}.`, { path: text.path });
  if (!isCampaignCommandType(type)) {
    return reject('command/unknown', `"${type}" is not a campaign command. Commands: ${Object.keys(campaignCommandSchemas).join(', ')}.`);
  }
  const parsed = campaignCommandSchemas[type].safeParse(input);
  if (!parsed.success) return rejectIssues(parsed.error, 'command/invalid', type);
  const command = parsed.data as CampaignCommand;
  const state = campaign.state;
  if (state.rules === '' && command.type !== 'create') return reject('campaign/not-created', 'Create the campaign first (create {title, rules}).');
  const decision = decideCommand(campaign, command);
  if (!decision.ok) return decision;
  return checkDecisionSize(type, decision.events as unknown as EngineEvent[]) ?? decision;
}

function decideCommand(campaign: Campaign, command: CampaignCommand): CampaignDecision {
  const state = campaign.state;
  switch (command.type) {
    case 'create':
      return create(state, command);
    case 'set-title':
      if (command.title === state.title) return reject('campaign/unchanged', `The campaign is already called “${state.title}”.`);
      return accept([{ type: 'title-set', title: command.title }]);
    case 'set-options':
      return setOptions(state, command);
    case 'add-pc':
      return addPc(state, command);
    case 'update-pc':
      return updatePc(state, command);
    case 'set-pc-track':
      return setPcTrack(state, command);
    case 'remove-pc':
      return removePc(state, command);
    case 'add-template':
      return addTemplate(state, command);
    case 'update-template':
      return updateTemplate(state, command);
    case 'remove-template':
      return removeTemplate(state, command);
    case 'import':
      return importAll(state, command);
    case 'link-fight':
      return linkFight(state, command);
    case 'unlink-fight':
      return unlinkFight(state, command);
    case 'write-back':
      return writeBack(state, command);
    case 'new-session':
      return newSession(state);
    case 'undo':
      if (!campaign.undo) return reject('undo/nothing', 'There is nothing to undo.');
      return accept([{ type: 'undone', cmd: campaign.undo.top.cmd }]);
    case 'redo':
      if (!campaign.redo) return reject('redo/nothing', 'There is nothing to redo.');
      return accept([{ type: 'redone', cmd: campaign.redo.top.cmd }]);
  }
}

function create(state: CampaignState, command: CampaignCommandOf<'create'>): CampaignDecision {
  if (state.rules !== '') return reject('campaign/exists', `This campaign already exists (“${state.title}”): create is only its first command.`);
  const module = moduleFor(command.rules);
  if (!module) {
    const ids = ruleModules.map((m) => m.id).join(', ');
    return reject('campaign/unknown-rules', `rules: there are no "${command.rules}" rules. Choose one of: ${ids}.`, { path: 'rules' });
  }
  const options = module.options.safeParse(command.options ?? {});
  if (!options.success) return rejectIssues(options.error, 'campaign/invalid-options', `${module.title} options`, ['options']);
  const o = options.data;
  const pools = module.id === 'fallout' ? { party: Number(o.partyPoolStart ?? 0), gm: Number(o.gmPoolStart ?? 0) } : null;
  return accept([
    { type: 'campaign-created', title: command.title, rules: module.id, options: o, partySide: command.partySide ?? 'Party', pools },
  ]);
}

function setOptions(state: CampaignState, command: CampaignCommandOf<'set-options'>): CampaignDecision {
  const module = moduleFor(state.rules)!;
  const options = module.options.safeParse({ ...state.options, ...command.options });
  if (!options.success) return rejectIssues(options.error, 'campaign/invalid-options', `${module.title} options`, ['options']);
  if (sameJson(options.data, state.options)) return reject('campaign/unchanged', 'Those are already the campaign\'s options.');
  return accept([{ type: 'options-set', options: options.data }]);
}

/**
 * A new session. Fallout: every PC's Luck points back to their maximum, the party pool to the
 * `partyPoolStart` option and the GM's pool to one per PC (the published game starts it at one per
 * player character; at most `gmPoolMax`). The other games count the session only.
 */
function newSession(state: CampaignState): CampaignDecision {
  const session = state.session + 1;
  if (state.rules !== 'fallout' || !state.pools) return accept([{ type: 'session-started', session, luck: [] }]);
  const luck: TrackChange[] = [];
  for (const id of state.pcOrder) {
    const pc = pcById(state, id);
    const track = pc ? own(pc.tracks, 'luck') : undefined;
    if (track && track.max !== undefined) {
      luck.push({ pc: id, track: 'luck', from: track.value, to: track.max });
    }
  }
  const partyStart = Number(state.options.partyPoolStart ?? 0);
  const gmMax = state.options.gmPoolMax;
  const gm = typeof gmMax === 'number' ? Math.min(state.pcOrder.length, gmMax) : state.pcOrder.length;
  const pools: PoolChanges = { party: { from: state.pools.party, to: partyStart }, gm: { from: state.pools.gm, to: gm } };
  return accept([{ type: 'session-started', session, luck, pools }]);
}

export type CampaignExecuted =
  | { readonly ok: true; readonly campaign: Campaign; readonly events: readonly StoredCampaignEvent[] }
  | { readonly ok: false; readonly rejection: Rejection };

/** Decide, number the events as the next command, and fold them. */
export function executeCampaign(campaign: Campaign, command: unknown): CampaignExecuted {
  const d = decideCampaign(campaign, command);
  if (!d.ok) return d;
  const applied = stampCampaignEvents(campaign, d.events);
  return { ok: true, campaign: applied.campaign, events: applied.events };
}
