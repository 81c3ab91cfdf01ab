import { Suspense, lazy, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Command, StoredEvent } from '../../core/index.ts';
import { gmApi } from '../api/gm-api.ts';
import type { GmApi } from '../api/gm-api.ts';
import { gmGame, lazyPart } from './games.ts';
import { ErrorBoundary } from '../shared/error-boundary.tsx';
import { keysFor, saveKeys } from '../shared/keys.ts';
import { ActionsPanel } from './turn/actions-panel.tsx';
import { GmContext } from './context.ts';
import type { DialogRequest, Gm } from './context.ts';
import { DamageBar } from './turn/damage-bar.tsx';
import { EncounterStore } from './data/encounter-store.ts';
import { IN_DOUBT, OUTCOME_UNKNOWN } from './data/command-doubt.ts';
import type { Doubt } from './data/command-doubt.ts';
import type { EarlyKeys } from './data/early-keys.ts';
import type { FirstData } from './data/first-data.ts';
import { AddLoading } from './setup/add-loading.tsx';
import { GmHeader } from './gm-header.tsx';
import { LogPanel } from './turn/log-panel.tsx';
import { NoticeSlot } from './notice.tsx';
import type { Notice } from './notice.tsx';
import { NowPanel } from './turn/now-panel.tsx';
import { StoryButton, StoryOnEnd } from './turn/story-button.tsx';
import { ResultCard } from './turn/result-card.tsx';
import { Roster } from './order/roster.tsx';
import { serverTransport } from './data/server-transport.ts';
import { useShortcuts } from './keys/shortcuts.ts';
import { TurnOrder } from './order/turn-order.tsx';
import { shownNow, turnShownKey } from './turn/turn-shown.ts';
import './gm.css';

const loadDialogs = () => import('./dialogs/dialogs.tsx');
const Dialogs = lazy(loadDialogs);
// The setup tools (adding combatants with the module's stat forms, rolling initiative) come in a
// chunk of their own, right after the screen first shows.
// Player requests are rare: their panel loads with the first one.
const RequestsPanel = lazy(() => import('./turn/requests-panel.tsx').then((m) => ({ default: m.RequestsPanel })));
const loadSetup = () => import('./setup/setup-tools.tsx');
const QuickAdd = lazy(() => loadSetup().then((m) => ({ default: m.QuickAdd })));
const InitiativePanel = lazy(() => loadSetup().then((m) => ({ default: m.InitiativePanel })));
// A campaign fight's link back to its campaign and, once it has ended, the write-back offer (nothing
// if the chunk cannot load: the header has no error boundary).
const CampaignLinks = lazy(() => loadSetup().catch(() => ({ default: () => null })));
// The forecast (turn/forecast-panel.tsx) comes after the screen shows; its worker only once it is opened.
const ForecastPanel = lazy(() => import('./turn/forecast-panel.tsx').then((m) => ({ default: m.ForecastPanel })));

/** The notice of a command in doubt: its state in words, with what the GM can do about it. */
function doubtNotice(doubt: Doubt, store: EncounterStore): Notice {
  const actions =
    doubt.state === 'not-applied'
      ? [{ label: 'Send again', run: () => void store.sendAgain() }]
      : doubt.state === 'unknown'
        ? [{ label: 'Check again', run: () => store.checkAgain() }]
        : [];
  return { text: doubt.text, kind: doubt.kind, at: doubt.at, actions, doubt: true };
}

/** The pending requests and the settings, which the live socket sends only when they change. */
function readRequestsAndSettings(api: GmApi, store: EncounterStore): void {
  void api.requests().then((r) => {
    if (r.ok) for (const q of r.data.requests) store.receiveRequest(q);
  });
  void api.encounter().then((r) => {
    if (r.ok) store.setSettings(r.data.settings);
  });
}

/**
 * The GM screen: one encounter, live, folded in the browser. `earlyKeys`: keys pressed once the screen
 * showed, before its keyboard was ready (mount.tsx), done once it is.
 */
export function GmApp({ id, gmKey, early, first, earlyKeys }: { id: string; gmKey: string; early?: Promise<readonly StoredEvent[]> | undefined; first?: FirstData | null; earlyKeys?: EarlyKeys }) {
  const store = useMemo(() => {
    const s = new EncounterStore(serverTransport(id, gmKey));
    if (first) s.prime(first.events, first.kit);
    return s;
  }, [id, gmKey, first]);
  const api = useMemo(() => gmApi(id, gmKey), [id, gmKey]);
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const [focus, setFocus] = useState<string | null>(null);
  const [pinned, setPinned] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<Notice | null>(null);
  const [playerKey, setPlayerKeyState] = useState<string | null>(() => keysFor(id)?.playerKey ?? null);

  useEffect(() => {
    store.start();
    // The events the entry fetched while this code downloaded (early-events.ts): folded at once, and
    // once only when the live socket delivers them again.
    void early?.then((events) => {
      if (events.length > 0) store.receiveResult(events, []);
    });
    readRequestsAndSettings(api, store);
    // The dialogs' chunk, fetched while the GM looks at the screen: the first click opens at once.
    const prefetch = setTimeout(() => void loadDialogs().then((m) => m.preloadForms()), 400);
    return () => {
      clearTimeout(prefetch);
      store.close();
    };
  }, [store, api, early]);

  // The server went back to an earlier version (a restore from an older backup): the store folds the
  // fight again from scratch; the GM is told, and the requests and settings are read again.
  const restored = snap.restored;
  useEffect(() => {
    if (!restored) return;
    setNotice({ text: restored.text, kind: 'error', at: restored.at });
    readRequestsAndSettings(api, store);
  }, [restored, api, store]);

  // A command whose answer was lost: the store checks whether it was applied and says so here, with
  // "Send again" when it was not (lost-answer.ts).
  const doubt = snap.doubt;
  useEffect(() => {
    if (doubt) setNotice(doubtNotice(doubt, store));
  }, [doubt, store]);

  const send = useCallback(
    async (command: Command, title?: string) => {
      const sent = await store.send(command);
      // A lost answer, or a command held back meanwhile: the doubt's own notice says what is going on.
      if (!sent.ok && (sent.code === IN_DOUBT || sent.code === OUTCOME_UNKNOWN)) return sent;
      setNotice(sent.ok ? (title ? { text: title, kind: 'ok', at: Date.now() } : null) : { text: sent.message, kind: 'error', at: Date.now() });
      return sent;
    },
    [store],
  );

  const view = snap.view;
  const actions = useMemo(
    () => ({
      undo: () => void send({ type: 'undo' }, 'Undo'),
      redo: () => void send({ type: 'redo' }, 'Redo'),
      help: () => setDialog({ kind: 'help' }),
      share: () => setDialog({ kind: 'share' }),
      condition: () => setDialog({ kind: 'condition', combatants: [...selected, ...(selected.size === 0 && focus ? [focus] : [])] }),
      clear: () => {
        setSelected(new Set());
        setFocus(null);
        setPinned(false);
      },
      step: (by: 1 | -1) => {
        // Roster order (sides, then their members), from the combatant shown.
        const ids = view ? view.sides.flatMap((s) => view.combatants.filter((c) => c.side === s.id).map((c) => c.id)) : [];
        const from = ids.indexOf(focus ?? (view ? (shownNow(view) ?? '') : ''));
        const next = ids[(from < 0 ? (by > 0 ? 0 : ids.length - 1) : from + by + ids.length) % Math.max(ids.length, 1)];
        if (next) {
          setFocus(next);
          setPinned(false);
        }
      },
      tick: () => {
        const id = focus ?? (view ? shownNow(view) : undefined);
        if (!id) return;
        const next = new Set(selected);
        if (!next.delete(id)) next.add(id);
        setSelected(next);
      },
      pin: () => setPinned(!pinned && focus !== null),
    }),
    [send, selected, focus, pinned, view],
  );
  // The screen shows (below) once the fight is folded; its keyboard is ready once it has mounted.
  const shown = view !== null && snap.fold !== null && snap.engine !== null;
  useShortcuts(actions, { keys: earlyKeys, ready: shown });

  // The pick follows the turn: when the turn moves on, the actions shown are the new actor's (the
  // number keys act for them), unless the GM pinned the one picked; in a tied group, once one has
  // declared, the next still to declare (turn-shown.ts).
  const turn = view ? turnShownKey(view) : '';
  useEffect(() => {
    if (!pinned) setFocus(null);
  }, [turn]);
  useEffect(() => {
    if (view?.title) document.title = `${view.title} · GM · Turnkeeper`;
  }, [view?.title]);
  // Drop ticks and focus on combatants that left the fight.
  useEffect(() => {
    if (!view) return;
    const ids = new Set(view.combatants.map((c) => c.id));
    if ([...selected].some((s) => !ids.has(s))) setSelected(new Set([...selected].filter((s) => ids.has(s))));
    if (focus && !ids.has(focus)) {
      setFocus(null);
      setPinned(false);
    }
  }, [view, selected, focus]);

  if (!view || !snap.fold || !snap.engine) {
    return (
      <main className="gm-loading">
        <h1>Turnkeeper</h1>
        <p role="status">{snap.error ?? (snap.status === 'reconnecting' ? 'Cannot reach the server; retrying…' : 'Loading the encounter…')}</p>
      </main>
    );
  }

  const gm: Gm = {
    store,
    api,
    snap,
    fold: snap.fold,
    kit: snap.kit,
    engine: snap.engine,
    view,
    encounter: snap.encounter,
    id,
    gmKey,
    playerKey,
    setPlayerKey: (k) => {
      saveKeys(id, { gmKey, playerKey: k });
      setPlayerKeyState(k);
    },
    send,
    say: (text) => setNotice({ text, kind: 'error', at: Date.now() }),
    open: setDialog,
    focus,
    setFocus: (f) => {
      setFocus(f);
      if (f !== focus) setPinned(false);
    },
    pinned,
    setPinned,
    selected,
    setSelected,
  };
  // A dialog closes itself only: the story of the fight may have replaced "End the fight?" by the time that one closes.
  const closeOnly = (which: DialogRequest) => () => setDialog((d) => (d === which ? null : d));
  const game = gmGame(view.rules);
  // A game with its own start panel (Fallout, popcorn) shows it only before the fight.
  const setup = view.status === 'setup' || (view.now.kind === 'setup' && view.combatants.length > 0 && !game.startPanel);
  const GameState = game.statePanel ? lazyPart(game.statePanel) : null;

  return (
    <GmContext.Provider value={gm}>
      <div className="gm">
        <GmHeader>
          <Suspense fallback={null}>
            <CampaignLinks />
          </Suspense>
        </GmHeader>
        <NoticeSlot
          notice={notice}
          onDismiss={() => {
            if (notice?.doubt) store.dismissDoubt();
            setNotice(null);
          }}
        />
        <main className="gm-main">
          <div className="col col-turn">
            <ErrorBoundary name="turn">
              <NowPanel>
                <StoryButton />
                <Suspense fallback={null}>
                  <CampaignLinks offer />
                </Suspense>
              </NowPanel>
              <StoryOnEnd />
            </ErrorBoundary>
            {snap.requests.some((r) => r.status === 'pending') && (
              <ErrorBoundary name="requests">
                <Suspense fallback={null}>
                  <RequestsPanel />
                </Suspense>
              </ErrorBoundary>
            )}
            {setup && (
              <ErrorBoundary name="initiative">
                <Suspense fallback={<section className="panel initiative" aria-busy="true" />}>
                  <InitiativePanel />
                </Suspense>
              </ErrorBoundary>
            )}
            <ErrorBoundary name="actions">
              <ActionsPanel />
            </ErrorBoundary>
            <ErrorBoundary name="result">
              <ResultCard />
            </ErrorBoundary>
            <ErrorBoundary name="order">
              <TurnOrder />
            </ErrorBoundary>
            {GameState && (
              <ErrorBoundary name="game state">
                <Suspense fallback={null}>
                  <GameState />
                </Suspense>
              </ErrorBoundary>
            )}
          </div>
          <div className="col col-table">
            <ErrorBoundary name="damage">
              <DamageBar />
            </ErrorBoundary>
            <ErrorBoundary name="combatants">
              <Roster />
            </ErrorBoundary>
            <ErrorBoundary name="add">
              <Suspense fallback={<AddLoading />}>
                <QuickAdd />
              </Suspense>
            </ErrorBoundary>
            <ErrorBoundary name="forecast">
              <Suspense fallback={null}>
                <ForecastPanel />
              </Suspense>
            </ErrorBoundary>
            <ErrorBoundary name="log">
              <LogPanel />
            </ErrorBoundary>
          </div>
        </main>
      </div>
      {dialog && (
        <Suspense fallback={null}>
          <Dialogs dialog={dialog} onClose={closeOnly(dialog)} />
        </Suspense>
      )}
    </GmContext.Provider>
  );
}
