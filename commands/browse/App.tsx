import React, { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Text, useApp, useInput, useStdout } from 'ink';
import { TABS, type BrowseData, type BrowseEntry, type RunOutcome, type TabId } from './data.js';
import { DetailLines, EntryList, HelpPanel, KeyBar, ProgressBar, TabBar } from './components.js';
import type { ProgressEvent } from '../../src/base/workerTask.js';

const LIST_WIDTH = 26;
const SCENARIO_SAMPLES = 100;

type Mode =
  | { kind: 'browse' }
  | { kind: 'help' }
  | { kind: 'pick'; action: 'simulate' | 'scenarios'; fromTab: 'distribution' | 'hazard'; fromName: string; options: BrowseEntry[]; selected: number }
  | { kind: 'confirmDelete'; tab: TabId; name: string }
  | { kind: 'running'; title: string; progress: ProgressEvent | null }
  | { kind: 'result'; title: string; outcome: RunOutcome };

const emptyLists: Record<TabId, BrowseEntry[]> = { distribution: [], hazard: [], curve_sets: [] };

/** The browser: one stateful container; every leaf it draws is a function of its props. */
export function BrowseApp(props: { readonly data: BrowseData }) {
  const { data } = props;
  const { exit } = useApp();
  const { stdout } = useStdout();
  const rows = stdout.rows || 24;
  const columns = stdout.columns || 80;
  const bodyHeight = Math.max(5, rows - 7);

  // Keys can arrive faster than React renders (a pasted "Down Enter"), so the input handler
  // reads and writes these through refs that always hold the latest value.
  const [tabIndex, setTabIndexState] = useState(0);
  const [lists, setLists] = useState<Record<TabId, BrowseEntry[]>>(emptyLists);
  const [selected, setSelectedState] = useState<Record<TabId, number>>({ distribution: 0, hazard: 0, curve_sets: 0 });
  const [details, setDetails] = useState<[string, string][]>([]);
  const [mode, setModeState] = useState<Mode>({ kind: 'browse' });
  const tabIndexRef = useRef(tabIndex);
  const selectedRef = useRef(selected);
  const modeRef = useRef(mode);
  const listsRef = useRef(lists);
  listsRef.current = lists;
  const setTabIndex = (next: number) => setTabIndexState((tabIndexRef.current = next));
  const setSelected = (next: Record<TabId, number>) => setSelectedState((selectedRef.current = next));
  const setMode = (next: Mode) => setModeState((modeRef.current = next));
  const [status, setStatus] = useState('');
  const [curveSet, setCurveSet] = useState('DEFAULT_CURVES');

  const tab = TABS[tabIndex].id;
  const entries = lists[tab];
  const current: BrowseEntry | undefined = entries[Math.min(selected[tab], entries.length - 1)];

  const reload = useCallback(async () => {
    const loaded = { ...emptyLists };
    for (const { id } of TABS) loaded[id] = await data.list(id);
    setLists((listsRef.current = loaded));
    const old = selectedRef.current;
    setSelected(Object.fromEntries(TABS.map(({ id }) => [id, Math.max(0, Math.min(old[id], loaded[id].length - 1))])) as Record<TabId, number>);
  }, [data]);

  useEffect(() => {
    reload().catch((error: Error) => setStatus(`error: ${error.message}`));
  }, [reload]);

  useEffect(() => {
    if (!current) {
      setDetails([]);
      return;
    }
    let live = true;
    data
      .details(tab, current.name)
      .then((lines) => live && setDetails(lines))
      .catch((error: Error) => live && setDetails([['error', error.message]]));
    return () => {
      live = false;
    };
  }, [data, tab, current?.name]);

  const run = (action: 'simulate' | 'scenarios', distribution: string, hazard: string) => {
    const title =
      action === 'simulate'
        ? `Simulating ${distribution} x ${hazard} with ${curveSet}`
        : `Generating ${SCENARIO_SAMPLES} scenarios for ${distribution} x ${hazard}`;
    setMode({ kind: 'running', title, progress: null });
    const onProgress = (progress: ProgressEvent) => setMode({ kind: 'running', title, progress });
    const started =
      action === 'simulate'
        ? data.simulate(distribution, hazard, curveSet, onProgress)
        : data.scenarios(distribution, hazard, curveSet, SCENARIO_SAMPLES, onProgress);
    started
      .then((outcome) => setMode({ kind: 'result', title, outcome }))
      .catch((error: Error) => {
        setMode({ kind: 'browse' });
        setStatus(`error: ${error.message}`);
      });
  };

  useInput((input, key) => {
    const mode = modeRef.current;
    const tabIndex = tabIndexRef.current;
    const tab = TABS[tabIndex].id;
    const selected = selectedRef.current;
    const lists = listsRef.current;
    const entries = lists[tab];
    const current: BrowseEntry | undefined = entries[Math.min(selected[tab], entries.length - 1)];
    if (mode.kind === 'running') return;
    if (mode.kind === 'result' || mode.kind === 'help') {
      if (input === 'q' && mode.kind === 'help') return exit();
      setMode({ kind: 'browse' });
      return;
    }
    if (mode.kind === 'confirmDelete') {
      if (input === 'y') {
        data
          .remove(mode.tab, mode.name)
          .then((message) => setStatus(message))
          .then(reload)
          .catch((error: Error) => setStatus(`error: ${error.message}`));
      } else setStatus('delete cancelled');
      setMode({ kind: 'browse' });
      return;
    }
    if (mode.kind === 'pick') {
      if (key.escape) return setMode({ kind: 'browse' });
      if (key.upArrow) return setMode({ ...mode, selected: Math.max(0, mode.selected - 1) });
      if (key.downArrow) return setMode({ ...mode, selected: Math.min(mode.options.length - 1, mode.selected + 1) });
      if (key.return && mode.options.length > 0) {
        const other = mode.options[mode.selected].name;
        const [distribution, hazard] = mode.fromTab === 'distribution' ? [mode.fromName, other] : [other, mode.fromName];
        run(mode.action, distribution, hazard);
      }
      return;
    }
    // browse mode
    if (input === 'q') return exit();
    if (input === '?') return setMode({ kind: 'help' });
    if (input === 'r') {
      reload().then(() => setStatus('reloaded'));
      return;
    }
    if (key.rightArrow || key.tab) return setTabIndex((tabIndex + 1) % TABS.length);
    if (key.leftArrow) return setTabIndex((tabIndex + TABS.length - 1) % TABS.length);
    if (key.upArrow) return setSelected({ ...selected, [tab]: Math.max(0, selected[tab] - 1) });
    if (key.downArrow) return setSelected({ ...selected, [tab]: Math.min(entries.length - 1, selected[tab] + 1) });
    if (!current) return;
    if (key.return && tab === 'curve_sets') {
      setCurveSet(current.name);
      setStatus(`runs will use curve set ${current.name}`);
      return;
    }
    if (input === 'd') {
      if (current.builtin) return setStatus(`${current.name} is built in and cannot be deleted`);
      return setMode({ kind: 'confirmDelete', tab, name: current.name });
    }
    if ((input === 's' || input === 'g') && tab !== 'curve_sets') {
      const otherTab = tab === 'distribution' ? 'hazard' : 'distribution';
      if (lists[otherTab].length === 0) return setStatus(`no ${otherTab} models in the cache to pair with`);
      setMode({ kind: 'pick', action: input === 's' ? 'simulate' : 'scenarios', fromTab: tab, fromName: current.name, options: lists[otherTab], selected: 0 });
    }
  });

  const counts = Object.fromEntries(TABS.map(({ id }) => [id, lists[id].length])) as Record<TabId, number>;
  const rule = '─'.repeat(Math.max(10, columns - 1));

  let body: React.ReactNode;
  let footer = '←→ tab ↑↓ select s simulate g scenarios d delete r reload ? help q quit';
  if (mode.kind === 'help') {
    body = <HelpPanel />;
    footer = 'any key: back   q: quit';
  } else if (mode.kind === 'pick') {
    const otherKind = mode.fromTab === 'distribution' ? 'hazard' : 'distribution';
    body = (
      <Box flexDirection="column">
        <Text bold wrap="truncate-end">
          {mode.action === 'simulate' ? 'Simulate' : 'Scenarios for'} {mode.fromName} with which {otherKind} model? (curve set {curveSet})
        </Text>
        <EntryList entries={mode.options} selected={mode.selected} height={bodyHeight - 1} width={columns - 2} />
      </Box>
    );
    footer = '↑↓ select  Enter run  Esc cancel';
  } else if (mode.kind === 'running') {
    body = (
      <Box flexDirection="column">
        <Text bold wrap="truncate-end">
          {mode.title}
        </Text>
        {mode.progress ? (
          <ProgressBar phase={mode.progress.phase} done={mode.progress.done} total={mode.progress.total} width={columns - 2} />
        ) : (
          <Text>starting…</Text>
        )}
      </Box>
    );
    footer = 'working…';
  } else if (mode.kind === 'result') {
    body = (
      <Box flexDirection="column">
        <Text bold wrap="truncate-end">
          {mode.title}: done
        </Text>
        <Text wrap="truncate-end">file: {mode.outcome.filePath}</Text>
        {mode.outcome.lines.slice(0, bodyHeight - 2).map((line, index) => (
          <Text key={index} wrap="truncate-end">
            {line}
          </Text>
        ))}
      </Box>
    );
    footer = 'any key: back';
  } else {
    body = (
      <Box>
        <Box width={LIST_WIDTH} marginRight={1}>
          <EntryList entries={entries} selected={selected[tab]} height={bodyHeight} width={LIST_WIDTH} marked={tab === 'curve_sets' ? curveSet : undefined} />
        </Box>
        <Box flexDirection="column" width={Math.max(20, columns - LIST_WIDTH - 2)}>
          <DetailLines lines={details} height={bodyHeight} />
        </Box>
      </Box>
    );
    if (mode.kind === 'confirmDelete') footer = `Delete ${mode.name}? y: yes, any other key: no`;
  }

  return (
    <Box flexDirection="column" width={columns}>
      <Text bold wrap="truncate-end">
        hazsim browse · {data.cacheRoot}
      </Text>
      <TabBar active={tab} counts={counts} />
      <Text dimColor>{rule}</Text>
      <Box height={bodyHeight} flexDirection="column">
        {body}
      </Box>
      <Text dimColor>{rule}</Text>
      <Text wrap="truncate-end">{status || `curve set: ${curveSet}`}</Text>
      <KeyBar text={footer} />
    </Box>
  );
}
