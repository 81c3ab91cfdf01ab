/**
 * The request flow. A player asks (through the player link) for something the rules let players do;
 * the server builds the one command it stands for, asks the engine whether it is legal now (decide
 * without applying), and queues it in the store. The GM accepts (the command runs with the GM's
 * authority against the state at that moment, and the request is resolved in the same transaction as
 * its events) or rejects. Auto-accept, per kind, is a GM setting. Nothing is applied otherwise.
 */
import { ApiError, rejected } from '../shared/index.ts';
import type { CommandResult, EncounterService } from './encounter-service.ts';
import type { LoadedEncounter } from './loaded-encounter.ts';
import { message } from '../live/index.ts';
import type { Role } from '../live/index.ts';
import { playerMessage } from '../players/index.ts';
import { buildRequest, visibleRef } from '../players/index.ts';
import type { RequestInput } from '../players/index.ts';
import { engineIds } from '../players/index.ts';
import { playerRequestView, playerWords, requestView } from '../players/index.ts';
import type { RequestView } from '../players/index.ts';
import type { RequestRecord, RequestStatus } from '../../store/index.ts';

export class RequestService {
  constructor(private readonly service: EncounterService) {
    // A request another instance added or resolved reaches this instance's sockets as a local one does.
    service.onRemoteRequest = async (l, requestId) => {
      const r = (await this.store.listRequests(l.id)).find((x) => x.id === requestId);
      if (r) this.notify(l, r);
    };
  }

  private get store() {
    return this.service.deps.store;
  }

  /**
   * A rejection for whoever asked: players never read a hidden combatant's name in it (what they wrote
   * themselves, `own`, does not count: quoting it back tells them nothing).
   */
  private refuse(l: LoadedEncounter, role: Role, code: string, text: string, own: readonly string[] = []): ApiError {
    if (role === 'gm') return rejected({ code, message: text });
    return rejected({ code, message: playerMessage(text, l.secrets(), own) });
  }

  /** Tells the sockets; players only of a request naming no one they may not see. */
  private notify(l: LoadedEncounter, r: RequestRecord): void {
    const forPlayers = playerRequestView(r, l.secrets());
    this.service.deps.hub.publish(l.id, {
      gm: () => message({ type: 'request', request: requestView(r) }),
      ...(forPlayers ? { player: () => message({ type: 'request', request: forPlayers }) } : {}),
    });
  }

  /**
   * `guard`: who this asker may ask for (a seat, its own character only): the refusal's words for the
   * combatant the request names (the engine's id and its visible name), or null.
   */
  create(id: string, input: RequestInput, role: Role, guard?: (combatant: string, name: string) => string | null): Promise<{ request: RequestView; result?: CommandResult }> {
    return this.service.run(id, async (l) => {
      if (l.record.archived) throw new ApiError(409, 'encounter/archived', 'The encounter is archived.');
      // Players name combatants by the ids they know them by; the GM by the engine's.
      const ids = role === 'gm' ? engineIds : l.secrets().playerIds;
      // Whose request it is comes first: a seat hears "not yours" before what the rules would say.
      const named = visibleRef(l.encounter.state, ids, input.combatant);
      const refusal = named ? guard?.(named.id, named.name) : null;
      if (refusal) throw new ApiError(403, 'request/not-your-seat', refusal);
      const built = buildRequest(l.encounter.state, this.service.engine.whoMayAct(l.encounter), input, ids);
      const own = playerWords(input);
      if (!built.ok) throw this.refuse(l, role, built.rejection.code, built.rejection.message, own);
      const d = this.service.decide(l.encounter, built.command, { playerWords: true });
      if (!d.ok) throw this.refuse(l, role, d.rejection.code, d.rejection.message, own);
      const maxEvents = this.service.deps.limits.maxEventsPerEncounter;
      if (l.version + d.events.length > maxEvents) {
        throw new ApiError(422, 'encounter/too-many-events', `An encounter holds at most ${maxEvents} events.`);
      }
      const pending = await this.store.listRequests(id, 'pending');
      const max = this.service.deps.limits.maxPendingRequests;
      if (pending.length >= max) {
        throw new ApiError(429, 'request/too-many-pending', `${max} requests are already waiting for the GM: wait for an answer.`, undefined, { 'retry-after': '5' });
      }
      const stored = await this.store.addRequest({ encounterId: id, kind: built.kind, combatant: built.combatant, command: built.command, createdAt: this.service.now() });
      // Everything a request names is visible when it is made, so players read it whole.
      const answer = (r: RequestRecord): RequestView =>
        role === 'gm' ? requestView(r) : (playerRequestView(r, l.secrets()) ?? { ...requestView(r), combatant: '', command: {}, result: null });
      if (l.settings.autoAccept[built.kind] !== true) {
        this.notify(l, stored);
        return { request: answer(stored) };
      }
      const result = await this.service.commit(l, built.command, { resolveRequest: stored.id, view: false });
      const accepted = (await this.store.listRequests(id)).find((r) => r.id === stored.id) ?? stored;
      this.notify(l, accepted);
      return { request: answer(accepted), result };
    });
  }

  /** The requests, as the GM or as players may read them. */
  list(id: string, status: RequestStatus | undefined, role: Role): Promise<RequestView[]> {
    return this.service.run(id, async (l) => {
      const all = await this.store.listRequests(id, status);
      if (role === 'gm') return all.map(requestView);
      const secrets = l.secrets();
      return all.map((r) => playerRequestView(r, secrets)).filter((r): r is RequestView => r !== null);
    });
  }

  private async pending(id: string, requestId: number): Promise<RequestRecord> {
    const r = (await this.store.listRequests(id)).find((x) => x.id === requestId);
    if (!r) throw new ApiError(404, 'request/not-found', `There is no request ${requestId} in this encounter.`);
    if (r.status !== 'pending') throw new ApiError(409, 'request/resolved', `Request ${requestId} was already ${r.status}.`);
    return r;
  }

  /** Runs the request's command now, as the GM. A refusal leaves it pending (reject it, or retry later). */
  accept(id: string, requestId: number): Promise<{ request: RequestView; result: CommandResult }> {
    return this.service.run(id, async (l) => {
      const r = await this.pending(id, requestId);
      const result = await this.service.commit(l, r.command, { resolveRequest: r.id });
      const accepted = (await this.store.listRequests(id)).find((x) => x.id === r.id) ?? r;
      this.notify(l, accepted);
      return { request: requestView(accepted), result };
    });
  }

  reject(id: string, requestId: number, reason: string | undefined): Promise<{ request: RequestView }> {
    return this.service.run(id, async (l) => {
      await this.pending(id, requestId);
      const r = await this.store.resolveRequest(id, requestId, 'rejected', reason ? { reason } : {}, this.service.now());
      if (!r) throw new ApiError(409, 'request/resolved', `Request ${requestId} is no longer pending.`);
      this.notify(l, r);
      return { request: requestView(r) };
    });
  }
}
