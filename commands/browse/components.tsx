import React from 'react';
import { Box, Text } from 'ink';
import { TABS, type BrowseEntry, type TabId } from './data.js';

/** Short tab titles, for a terminal too narrow for the full ones. */
const SHORT_TITLES: Readonly<Record<TabId, string>> = { distribution: 'Distr.', hazard: 'Hazard', curve_sets: 'Curves', results: 'Results' };

/**
 * The tab bar's labels and the gap between them: the most telling form that fits in `width`
 * columns on one line (a bar that wraps pushes the list down and reads as two rows of tabs).
 * Full titles with padding, then tight, then short titles, then short titles without counts.
 */
export function tabBarLabels(active: TabId, counts: Readonly<Record<TabId, number>>, width: number): { labels: string[]; gap: number } {
  const forms: { title: (tab: (typeof TABS)[number]) => string; counts: boolean; padding: number; gap: number }[] = [
    { title: (tab) => tab.title, counts: true, padding: 2, gap: 2 },
    { title: (tab) => tab.title, counts: true, padding: 1, gap: 1 },
    { title: (tab) => SHORT_TITLES[tab.id], counts: true, padding: 1, gap: 1 },
    { title: (tab) => SHORT_TITLES[tab.id], counts: false, padding: 1, gap: 1 },
  ];
  const labelsOf = (form: (typeof forms)[number]) =>
    TABS.map((tab) => {
      const text = form.counts ? `${form.title(tab)} (${counts[tab.id]})` : form.title(tab);
      const pad = ' '.repeat(form.padding - 1);
      return tab.id === active ? `[${pad}${text}${pad}]` : ` ${pad}${text}${pad} `;
    });
  for (const form of forms) {
    const labels = labelsOf(form);
    if (labels.reduce((sum, label) => sum + label.length, 0) + form.gap * (labels.length - 1) <= width) return { labels, gap: form.gap };
  }
  return { labels: labelsOf(forms[forms.length - 1]), gap: 1 };
}

/** The tab bar; the active tab is bracketed and bold, counts in parentheses, on one line of `width` columns. */
export function TabBar(props: { readonly active: TabId; readonly counts: Readonly<Record<TabId, number>>; readonly width: number }) {
  const { labels, gap } = tabBarLabels(props.active, props.counts, props.width);
  return (
    <Box>
      {TABS.map((tab, index) => (
        <Box key={tab.id} marginRight={index < TABS.length - 1 ? gap : 0}>
          <Text bold={tab.id === props.active} inverse={tab.id === props.active}>
            {labels[index]}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/** A scrolling list of names that keeps the selection visible. */
export function EntryList(props: {
  readonly entries: readonly BrowseEntry[];
  readonly selected: number;
  readonly height: number;
  readonly width: number;
  readonly marked?: string;
}) {
  if (props.entries.length === 0) return <Text dimColor>(empty)</Text>;
  const first = Math.max(0, Math.min(props.selected - Math.floor(props.height / 2), props.entries.length - props.height));
  const visible = props.entries.slice(first, first + props.height);
  return (
    <Box flexDirection="column">
      {visible.map((entry, offset) => {
        const index = first + offset;
        const label = `${index === props.selected ? '>' : ' '} ${entry.name}${entry.name === props.marked ? ' *' : ''}`;
        return (
          <Text key={entry.name} inverse={index === props.selected} wrap="truncate-end">
            {label.padEnd(props.width).slice(0, props.width)}
          </Text>
        );
      })}
    </Box>
  );
}

/** Label/value lines, values cut to the width available (those of `wrapKeys`, e.g. a path, wrapped whole). */
export function DetailLines(props: { readonly lines: readonly [string, string][]; readonly height: number; readonly wrapKeys?: readonly string[] }) {
  return (
    <Box flexDirection="column">
      {props.lines.slice(0, props.height).map(([label, value], index) => (
        <Text key={`${label}-${index}`} wrap={props.wrapKeys?.includes(label) ? 'wrap' : 'truncate-end'}>
          <Text bold>{label}:</Text> {value}
        </Text>
      ))}
    </Box>
  );
}

/** A text progress bar: phase, bar, done/total. */
export function ProgressBar(props: { readonly phase: string; readonly done: number; readonly total: number; readonly width: number }) {
  const fraction = props.total > 0 ? Math.min(1, props.done / props.total) : 0;
  const barWidth = Math.max(10, props.width - props.phase.length - 16);
  const filled = Math.round(fraction * barWidth);
  return (
    <Text>
      {props.phase} [{'#'.repeat(filled)}
      {'.'.repeat(barWidth - filled)}] {Math.round(fraction * 100)}%
    </Text>
  );
}

export const KEY_HELP: readonly [string, string][] = [
  ['←/→ or Tab', 'switch tab'],
  ['↑/↓', 'select'],
  ['s', 'simulate the selected model against a model of the other kind (you pick it)'],
  ['g', 'scenarios: pick a model of the other kind, then count, seed, method'],
  ['Enter', 'on a curve set: use it for runs (marked *); on a result: show its run summary'],
  ['d', 'delete the selected entry (asks to confirm)'],
  ['r', 'reload from the cache'],
  ['?', 'show or hide this help'],
  ['q', 'quit'],
];

export function HelpPanel() {
  return (
    <Box flexDirection="column">
      <Text bold>Keys</Text>
      {KEY_HELP.map(([key, meaning]) => (
        <Text key={key}>
          <Text bold>{key.padEnd(12)}</Text>
          {meaning}
        </Text>
      ))}
    </Box>
  );
}

/** The one-line key reminder at the bottom of the screen. */
export function KeyBar(props: { readonly text: string }) {
  return (
    <Text dimColor wrap="truncate-end">
      {props.text}
    </Text>
  );
}
