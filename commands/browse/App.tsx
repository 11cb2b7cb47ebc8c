import React, { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Text, useApp, useInput, useStdout } from 'ink';
import { TABS, type BrowseData, type BrowseEntry, type RunOutcome, type ScenarioMethod, type ScenarioSettings, type TabId } from './data.js';
import { DetailLines, EntryList, HelpPanel, KeyBar, ProgressBar, TabBar } from './components.js';
import type { ProgressEvent } from '../../src/base/workerTask.js';

const LIST_WIDTH = 26;
/** Rows under the results list: a gap, kind, path (up to two lines), size, modified. */
const RESULT_DETAIL_ROWS = 6;
/** What the scenario form starts with: the CLI's defaults (seed 0, peak) and a quick 100 samples. */
const DEFAULT_SCENARIOS: ScenarioSettings = { samples: 100, seed: 0, method: 'peak' };
const FORM_FIELDS = ['samples', 'seed', 'method'] as const;
/** How long a status message ("Result … deleted") stays when no key is pressed: long enough to read, short enough not to linger as if still current. */
const STATUS_MS = 4000;

interface ScenarioForm {
  distribution: string;
  hazard: string;
  field: number;
  samples: string;
  seed: string;
  method: ScenarioMethod;
  error: string;
}

type Mode =
  | { kind: 'browse' }
  | { kind: 'help' }
  | { kind: 'pick'; action: 'simulate' | 'scenarios'; fromTab: 'distribution' | 'hazard'; fromName: string; options: BrowseEntry[]; selected: number }
  | ({ kind: 'scenarioForm' } & ScenarioForm)
  | { kind: 'confirmDelete'; tab: TabId; name: string }
  | { kind: 'running'; title: string; progress: ProgressEvent | null }
  | { kind: 'result'; title: string; outcome: RunOutcome }
  | { kind: 'opened'; title: string; lines: [string, string][] };

const emptyLists: Record<TabId, BrowseEntry[]> = { distribution: [], hazard: [], curve_sets: [], results: [] };

/** The browser: one stateful container; every leaf it draws is a function of its props. */
export function BrowseApp(props: { readonly data: BrowseData }) {
  const { data } = props;
  const { exit } = useApp();
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => ({ rows: stdout.rows || 24, columns: stdout.columns || 80 }));
  const { rows, columns } = size;
  // ink lays out again on a resize but does not re-render us: keep the size in state so widths and heights follow the terminal.
  useEffect(() => {
    const onResize = () => setSize({ rows: stdout.rows || 24, columns: stdout.columns || 80 });
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  const bodyHeight = Math.max(5, rows - 7);

  // Keys can arrive faster than React renders (a pasted "Down Enter"), so the input handler
  // reads and writes these through refs that always hold the latest value.
  const [tabIndex, setTabIndexState] = useState(0);
  const [lists, setLists] = useState<Record<TabId, BrowseEntry[]>>(emptyLists);
  const [selected, setSelectedState] = useState<Record<TabId, number>>({ distribution: 0, hazard: 0, curve_sets: 0, results: 0 });
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
  /** The last scenario settings used, offered again next time. */
  const lastScenarios = useRef<ScenarioSettings>(DEFAULT_SCENARIOS);

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

  // A status answers the last action: it goes with the next key (below) or after a few seconds.
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(''), STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

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

  const run = (distribution: string, hazard: string, settings?: ScenarioSettings) => {
    const title = settings
      ? `Generating ${settings.samples} scenarios (seed ${settings.seed}, ${settings.method}) for ${distribution} x ${hazard}`
      : `Simulating ${distribution} x ${hazard} with ${curveSet}`;
    setMode({ kind: 'running', title, progress: null });
    const onProgress = (progress: ProgressEvent) => setMode({ kind: 'running', title, progress });
    const started = settings ? data.scenarios(distribution, hazard, curveSet, settings, onProgress) : data.simulate(distribution, hazard, curveSet, onProgress);
    started
      .then((outcome) => {
        setMode({ kind: 'result', title, outcome });
        // The new file shows on the results tab.
        return reload();
      })
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
    setStatus('');
    if (mode.kind === 'result' || mode.kind === 'help' || mode.kind === 'opened') {
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
        if (mode.action === 'simulate') return run(distribution, hazard);
        const last = lastScenarios.current;
        setMode({
          kind: 'scenarioForm',
          distribution,
          hazard,
          field: 0,
          samples: String(last.samples),
          seed: String(last.seed),
          method: last.method,
          error: '',
        });
      }
      return;
    }
    if (mode.kind === 'scenarioForm') {
      if (key.escape) return setMode({ kind: 'browse' });
      if (key.upArrow) return setMode({ ...mode, field: Math.max(0, mode.field - 1) });
      if (key.downArrow || key.tab) return setMode({ ...mode, field: Math.min(FORM_FIELDS.length - 1, mode.field + 1) });
      const field = FORM_FIELDS[mode.field];
      if (field === 'method') {
        if (key.leftArrow || key.rightArrow || input === ' ') return setMode({ ...mode, method: mode.method === 'peak' ? 'sequential' : 'peak' });
      } else if (/^\d+$/.test(input)) {
        return setMode({ ...mode, [field]: (mode[field] === '0' ? '' : mode[field]) + input, error: '' });
      } else if (key.backspace || key.delete) {
        return setMode({ ...mode, [field]: mode[field].slice(0, -1), error: '' });
      }
      if (key.return) {
        const samples = Number(mode.samples);
        const seed = Number(mode.seed);
        if (!(samples >= 1)) return setMode({ ...mode, field: 0, error: 'the number of scenarios must be at least 1' });
        if (samples > data.maxSamples)
          return setMode({ ...mode, field: 0, error: `the number of scenarios must be at most ${data.maxSamples} (HAZSIM_MAX_SAMPLES)` });
        if (mode.seed === '' || seed > 4294967295) return setMode({ ...mode, field: 1, error: 'the seed must be a whole number from 0 to 4294967295' });
        lastScenarios.current = { samples, seed, method: mode.method };
        run(mode.distribution, mode.hazard, lastScenarios.current);
      }
      return;
    }
    // browse mode
    if (input === 'q') return exit();
    if (input === '?') return setMode({ kind: 'help' });
    if (input === 'r') {
      void reload().then(() => setStatus('reloaded'));
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
    if (key.return && tab === 'results') {
      data
        .openResult(current.name)
        .then(({ title, lines }) => setMode({ kind: 'opened', title, lines }))
        .catch((error: Error) => setStatus(`error: ${error.message}`));
      return;
    }
    if (input === 'd') {
      if (current.builtin) return setStatus(`${current.name} is built in and cannot be deleted`);
      return setMode({ kind: 'confirmDelete', tab, name: current.name });
    }
    if ((input === 's' || input === 'g') && (tab === 'distribution' || tab === 'hazard')) {
      const otherTab = tab === 'distribution' ? 'hazard' : 'distribution';
      if (lists[otherTab].length === 0) return setStatus(`no ${otherTab} models in the cache to pair with`);
      setMode({ kind: 'pick', action: input === 's' ? 'simulate' : 'scenarios', fromTab: tab, fromName: current.name, options: lists[otherTab], selected: 0 });
    }
  });

  const counts = Object.fromEntries(TABS.map(({ id }) => [id, lists[id].length])) as Record<TabId, number>;
  const rule = '─'.repeat(Math.max(10, columns - 1));

  let body: React.ReactNode;
  let footer = FOOTERS[tab];
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
  } else if (mode.kind === 'scenarioForm') {
    const values = { samples: mode.samples, seed: mode.seed, method: `< ${mode.method} >` };
    const labels = { samples: 'number of scenarios', seed: 'random seed', method: 'method' };
    body = (
      <Box flexDirection="column">
        <Text bold wrap="truncate-end">
          Scenarios for {mode.distribution} x {mode.hazard} (curve set {curveSet})
        </Text>
        {FORM_FIELDS.map((field, index) => (
          <Text key={field} inverse={index === mode.field} wrap="truncate-end">
            {`${index === mode.field ? '>' : ' '} ${labels[field].padEnd(20)} ${values[field]}`}
          </Text>
        ))}
        <Text dimColor wrap="wrap">
          peak: one draw per asset against its lowest survival; sequential: one draw per timestamp (ERAD)
        </Text>
        {mode.error ? <Text color="red">{mode.error}</Text> : null}
      </Box>
    );
    footer = '↑↓ field  digits/⌫ edit  ←→ method  Enter run  Esc cancel';
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
        <Text wrap="wrap">file: {mode.outcome.filePath}</Text>
        {mode.outcome.lines.slice(0, bodyHeight - 2).map((line, index) => (
          <Text key={index} wrap="truncate-end">
            {line}
          </Text>
        ))}
      </Box>
    );
    footer = 'any key: back';
  } else if (mode.kind === 'opened') {
    body = (
      <Box flexDirection="column">
        <Text bold wrap="wrap">
          {mode.title}
        </Text>
        <DetailLines lines={mode.lines} height={bodyHeight - 1} />
      </Box>
    );
    footer = 'any key: back';
  } else if (tab === 'results') {
    // Result file names are long and differ late (the hazard, the samples, the seed): the list
    // takes the full width so two runs never look alike, with the selected file's details below.
    body = (
      <Box flexDirection="column">
        <EntryList entries={entries} selected={selected[tab]} height={bodyHeight - RESULT_DETAIL_ROWS} width={columns - 2} />
        <Box flexDirection="column" marginTop={1}>
          {entries.length === 0 ? (
            <Text wrap="wrap">{EMPTY_HELP[tab]}</Text>
          ) : (
            <DetailLines lines={details} height={RESULT_DETAIL_ROWS - 1} wrapKeys={['path']} />
          )}
        </Box>
      </Box>
    );
    if (mode.kind === 'confirmDelete') footer = `Delete ${mode.name}? y: yes, any other key: no`;
  } else {
    body = (
      <Box>
        <Box width={LIST_WIDTH} marginRight={1} flexDirection="column">
          <EntryList entries={entries} selected={selected[tab]} height={bodyHeight} width={LIST_WIDTH} marked={tab === 'curve_sets' ? curveSet : undefined} />
        </Box>
        <Box flexDirection="column" width={Math.max(20, columns - LIST_WIDTH - 2)}>
          {entries.length === 0 ? <Text wrap="wrap">{EMPTY_HELP[tab]}</Text> : <DetailLines lines={details} height={bodyHeight} wrapKeys={['path']} />}
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
      <TabBar active={tab} counts={counts} width={columns - 1} />
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

/** The key reminder of each tab: only the keys that do something there. */
const FOOTERS: Record<TabId, string> = {
  distribution: '←→ tab ↑↓ select s simulate g scenarios d delete r reload ? help q quit',
  hazard: '←→ tab ↑↓ select s simulate g scenarios d delete r reload ? help q quit',
  curve_sets: '←→ tab ↑↓ select Enter use for runs d delete r reload ? help q quit',
  results: '←→ tab ↑↓ select Enter open d delete r reload ? help q quit',
};

/** What an empty tab says instead of an empty detail pane. */
const EMPTY_HELP: Record<TabId, string> = {
  distribution:
    'No distribution models in the cache yet. In a shell: hazsim upload feeder.json (GDM JSON; try examples/feeder/example_feeder.json), then press r.',
  hazard: 'No hazard models in the cache yet. In a shell: hazsim upload storm.json --kind hazard (try examples/hazards/), then press r.',
  curve_sets: 'No curve sets. In a shell: hazsim curve-sets upload curves.json, then press r.',
  results: 'No results yet. Runs started here (s, g) and by the MCP server are kept in the cache results folder and listed on this tab.',
};
