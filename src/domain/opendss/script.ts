/**
 * Runs an OpenDSS script the way OpenDSS reads it, without solving anything
 * (docs/input-distribution.md, "OpenDSS scripts"): Redirect/Compile with paths relative to the
 * file that names them (Compile also moves the current folder, Redirect comes back), Clear,
 * New/Edit/`~`, `Class.name.prop=value`, BatchEdit, Open/Close, like=, XfmrCode=, winding
 * sequences and arrays, BusCoords and SetBusXY, and the Set options that matter. Commands that
 * only solve, show or export are skipped; an unknown command, class or property is a warning
 * naming file and line. Files come through `ScriptFiles`, so this module does no I/O.
 */
import path from 'node:path';
import { HazsimError } from '../../base/errors.js';
import { DSS_CLASSES, propertyIndex } from './classes.js';
import type { BusCoordinate, Circuit, DssObject, ScriptWarning } from './circuit.js';
import { lexScript, placeLabel, syntaxError, type Place, type Token } from './lexer.js';
import { readBusCoordinates } from './busCoordinates.js';
import { listItems, numberOf, numbersOf, type RawValue } from './values.js';

/** The files of a feeder folder, read by path relative to the folder (posix separators), matched case-insensitively. */
export interface ScriptFiles {
  /** The file's text and its path as stored, or null when there is no such file. */
  read(relativePath: string): { path: string; text: string } | null;
}

/** Commands that solve, report, plot or export: they change nothing hazsim reads. */
const SKIPPED_COMMANDS = new Set(
  (
    'solve calcv calcvoltagebases show plot export uuids interpolate help get closedi fileedit summary dump visualize sample reset makebuslist ' +
    'buildy init totals capacity var vars cleanup zsc zsc10 zscrefresh relcalc allocateloads estimate lossestimate currents voltages losses powers ' +
    'seqvoltages seqcurrents seqpowers nodelist busvoltages yearlycurves capacitors dosimulation save rephase reprocessbuses ? about ' +
    'makeposseq reduce addbusmarker guids variable cd select formedit next diffuse distribute totaltime gettime clearbusmarkers'
  ).split(' '),
);

/** Set options that decide nothing hazsim reads (solution and report settings), accepted without a warning. */
const IGNORED_SET_OPTIONS = new Set(
  (
    'mode number stepsize h hour sec year time controlmode maxcontroliter maxiterations maxiter tolerance loadmodel loadmult demand ' +
    'earthmodel marktransformers markswitches markcapacitors markregulators markpvsystems markstorage markfuses markreclosers markrelays ' +
    'showexport diverbose casename totaltime voltexceptionreport datapath defaultdaily defaultyearly algorithm trapezoidal ' +
    'normvminpu normvmaxpu emergvminpu emergvmaxpu overloadreport cktmodel allowduplicates zonelock ueweight lossweight ' +
    'ueregs lossregs voltagebase genkw genpf genmult loadshapeclass keeplist random allocationfactors cfactors ' +
    'log recorder reduceoption demandinterval autobuslist casename markercode nodewidth switchmarkercode transmarkercode ' +
    'capmarkercode regmarkercode pvmarkercode storemarkercode fusemarkercode reclosermarkercode relaymarkercode ' +
    'transmarkersize capmarkersize regmarkersize pvmarkersize storemarkersize fusemarkersize reclosermarkersize relaymarkersize ' +
    'daisysize bus element class object basekv terminal miniteration pricecurve pricesignal loaddemand name'
  ).split(' '),
);

/** What running a script gives: the circuit, the files read and the warnings. */
export interface ScriptResult {
  circuit: Circuit;
  filesRead: string[];
  warnings: ScriptWarning[];
}

function emptyCircuit(): Circuit {
  return { name: null, objects: new Map(), coordinates: new Map(), voltageBasesKv: [], baseFrequencyHz: 60 };
}

const WINDING_PROPERTIES = new Set(['bus', 'conn', 'kv', 'kva', 'tap', '%r', 'rneut', 'xneut']);
const WINDING_ARRAYS: Readonly<Record<string, string>> = { buses: 'bus', conns: 'conn', kvs: 'kv', kvas: 'kva', taps: 'tap', '%rs': '%r' };

/** Runs scripts, one command at a time. */
class Interpreter {
  circuit = emptyCircuit();
  readonly warnings: ScriptWarning[] = [];
  readonly filesRead: string[] = [];
  private active: DssObject | null = null;
  private currentDir = '';
  private depth = 0;

  constructor(private readonly files: ScriptFiles) {}

  warn(place: Place, message: string): void {
    this.warnings.push({ place, message });
  }

  /** Reads a file relative to `dir`; a missing file is invalid_input naming the command that asked for it. */
  private readRelative(dir: string, target: string, place: Place): { path: string; text: string } {
    const relative = path.posix.normalize(path.posix.join(dir, target.replace(/\\/g, '/')));
    const found = this.files.read(relative);
    if (!found) {
      const message = `${JSON.stringify(target)} is not in the feeder folder (looked for ${relative}); upload the feeder as a ZIP of its folder, or from the folder on disk`;
      throw new HazsimError('invalid_input', `OpenDSS file not found at ${placeLabel(place)}: ${message}`, [{ path: placeLabel(place), message }]);
    }
    return found;
  }

  /** The current folder starts as the entry script's. */
  startIn(entryPath: string): void {
    const dir = path.posix.dirname(entryPath);
    this.currentDir = dir === '.' ? '' : dir;
  }

  runFile(relativePath: string, text: string): void {
    if (this.depth > 64) throw new HazsimError('invalid_input', `OpenDSS scripts redirect more than 64 levels deep at ${relativePath}; is there a loop?`);
    this.depth += 1;
    this.filesRead.push(relativePath);
    const commands = lexScript(text, relativePath, (place, message) => this.warn(place, message));
    for (const command of commands) this.execute(command.tokens, { file: command.file, line: command.line }, relativePath);
    this.depth -= 1;
  }

  private execute(tokens: Token[], place: Place, file: string): void {
    const first = tokens[0];
    let word = first.name === null ? first.value : first.name;
    let rest = tokens.slice(1);
    if (word.startsWith('~') && word.length > 1) {
      rest = [first.name === null ? { ...first, value: word.slice(1) } : { ...first, name: word.slice(1) }, ...rest];
      word = '~';
    } else if (first.name !== null) {
      // `Class.name.prop=value` (an edit in place) or `prop=value` continuing the active object.
      if (word.includes('.')) return this.editInPlace(first, rest, place);
      return this.continueActive(tokens, place);
    }
    const command = word.toLowerCase();
    switch (command) {
      case 'new':
        return this.newObject(rest, place);
      case 'edit':
        return this.editObject(rest, place);
      case '~':
      case 'more':
      case 'm':
        return this.continueActive(rest, place);
      case 'clear':
      case 'clearall':
        this.circuit = emptyCircuit();
        this.active = null;
        return;
      case 'redirect':
      case 'compile':
        return this.include(command, rest, place, file);
      case 'buscoords':
      case 'latlongcoords':
        return this.busCoords(rest, place);
      case 'setbusxy':
        return this.setBusXy(rest, place);
      case 'set':
        return this.set(rest, place);
      case 'batchedit':
        return this.batchEdit(rest, place);
      case 'open':
      case 'close':
        return this.openClose(command, rest, place);
      case 'disable':
      case 'enable':
        return this.enable(command === 'enable', rest, place);
      default:
        if (SKIPPED_COMMANDS.has(command)) return;
        if (command.includes('.')) return this.editInPlace(first, rest, place);
        this.warn(place, `unknown command "${word}" skipped`);
    }
  }

  private include(command: string, rest: Token[], place: Place, file: string): void {
    const target = rest[0];
    if (!target || target.value.trim() === '') return this.warn(place, `${command} names no file`);
    const dir = command === 'compile' ? this.currentDir : path.posix.dirname(file);
    const found = this.readRelative(dir === '.' ? '' : dir, target.value.trim(), { ...place, column: target.column });
    const saved = this.currentDir;
    const foundDir = path.posix.dirname(found.path);
    this.currentDir = foundDir === '.' ? '' : foundDir;
    this.runFile(found.path, found.text);
    // Compile moves the current folder to the compiled file's; Redirect comes back to the caller's.
    if (command === 'redirect') this.currentDir = saved;
  }

  private className(text: string, place: Place): { className: string; name: string } | null {
    const dot = text.indexOf('.');
    const className = (dot < 0 ? text : text.slice(0, dot)).toLowerCase();
    const name = dot < 0 ? '' : text.slice(dot + 1);
    if (className === 'circuit') return { className, name };
    if (!DSS_CLASSES.has(className)) {
      this.warn(place, `unknown class "${text.slice(0, dot < 0 ? text.length : dot)}"; the object is skipped`);
      return null;
    }
    return { className, name };
  }

  private newObject(rest: Token[], place: Place): void {
    let tokens = rest;
    let target = tokens[0];
    if (target && target.name !== null && target.name.toLowerCase() === 'object') target = { ...target, name: null };
    if (!target || target.name !== null) throw syntaxError({ ...place, column: target?.column }, 'New needs a Class.name');
    tokens = tokens.slice(1);
    const named = this.className(target.value, { ...place, column: target.column });
    if (!named) {
      this.active = null;
      return;
    }
    let { className, name } = named;
    if (className === 'circuit') {
      this.circuit = { ...emptyCircuit(), voltageBasesKv: this.circuit.voltageBasesKv, baseFrequencyHz: this.circuit.baseFrequencyHz, name };
      className = 'vsource';
      name = 'source';
    }
    if (name === '') throw syntaxError({ ...place, column: target.column }, `New ${target.value} names no object`);
    const dssClass = DSS_CLASSES.get(className)!;
    let byName = this.circuit.objects.get(className);
    if (!byName) this.circuit.objects.set(className, (byName = new Map()));
    const object: DssObject = {
      dssClass,
      name,
      props: new Map(),
      parts: className === 'transformer' || className === 'xfmrcode' ? [new Map(), new Map()] : [],
      activePart: 0,
      lastProperty: -1,
      openTerminals: new Set(),
      defined: place,
    };
    // A second New of a name replaces the first, as in OpenDSS (with a warning only for duplicates OpenDSS would report).
    byName.delete(name.toLowerCase());
    byName.set(name.toLowerCase(), object);
    this.active = object;
    this.applyTokens(object, tokens, place);
  }

  private findObject(text: string, place: Place): DssObject | null {
    const named = this.className(text, place);
    if (!named) return null;
    const className = named.className === 'circuit' ? 'vsource' : named.className;
    const name = named.className === 'circuit' ? 'source' : named.name;
    const object = this.circuit.objects.get(className)?.get(name.toLowerCase());
    if (!object) this.warn(place, `${text} is not defined (yet); the edit is skipped`);
    return object ?? null;
  }

  private editObject(rest: Token[], place: Place): void {
    const target = rest[0];
    if (!target) throw syntaxError(place, 'Edit needs a Class.name');
    const object = this.findObject(target.value, { ...place, column: target.column });
    this.active = object;
    if (object) this.applyTokens(object, rest.slice(1), place);
  }

  private editInPlace(first: Token, rest: Token[], place: Place): void {
    const text = first.name ?? first.value;
    const lastDot = text.lastIndexOf('.');
    const objectText = first.name === null ? text : text.slice(0, lastDot);
    const object = this.findObject(objectText, { ...place, column: first.column });
    this.active = object;
    if (!object) return;
    const tokens = first.name === null ? rest : [{ ...first, name: text.slice(lastDot + 1) }, ...rest];
    this.applyTokens(object, tokens, place);
  }

  private continueActive(tokens: Token[], place: Place): void {
    if (!this.active) return this.warn(place, 'a continuation with no object before it (or after one that was skipped) is skipped');
    this.applyTokens(this.active, tokens, place);
  }

  applyTokens(object: DssObject, tokens: Token[], place: Place): void {
    for (const token of tokens) {
      const raw: RawValue = { value: token.value, bracket: token.bracket, place: { ...place, column: token.column } };
      if (object.dssClass.opaque) {
        if (token.name !== null) object.props.set(token.name.toLowerCase(), raw);
        continue;
      }
      let index: number;
      if (token.name === null) {
        index = object.lastProperty + 1;
        if (index >= object.dssClass.properties.length) {
          this.warn(
            raw.place,
            `${object.dssClass.name}.${object.name} has no property after its last one for the value ${JSON.stringify(token.value)}; skipped`,
          );
          continue;
        }
      } else {
        index = propertyIndex(object.dssClass, token.name);
        if (index < 0) {
          this.warn(raw.place, `unknown property "${token.name}" of ${object.dssClass.name}.${object.name}; skipped`);
          continue;
        }
      }
      object.lastProperty = index;
      this.setProperty(object, object.dssClass.properties[index], raw);
    }
  }

  private setProperty(object: DssObject, name: string, raw: RawValue): void {
    if (name === 'like') return this.like(object, raw);
    if (object.dssClass.name === 'linegeometry' && this.setConductor(object, name, raw)) return;
    const isTransformer = object.dssClass.name === 'transformer' || object.dssClass.name === 'xfmrcode';
    if (isTransformer) {
      if (name === 'windings') {
        const count = Math.max(1, Math.round(numberOf(raw)));
        while (object.parts.length < count) object.parts.push(new Map());
        object.parts.length = count;
      } else if (name === 'wdg') {
        const index = Math.round(numberOf(raw)) - 1;
        if (index < 0) return this.warn(raw.place, `wdg=${raw.value} is no winding number`);
        while (object.parts.length <= index) object.parts.push(new Map());
        object.activePart = index;
        return;
      } else if (WINDING_PROPERTIES.has(name)) {
        object.parts[object.activePart].set(name, raw);
        return;
      } else if (name in WINDING_ARRAYS) {
        const items = name === 'buses' || name === 'conns' ? listItems(raw.value) : numbersOf(raw).map(String);
        items.forEach((item, index) => {
          while (object.parts.length <= index) object.parts.push(new Map());
          object.parts[index].set(WINDING_ARRAYS[name], { value: item, bracket: '', place: raw.place });
        });
        return;
      } else if (name === 'xfmrcode') {
        const code = this.circuit.objects.get('xfmrcode')?.get(raw.value.toLowerCase());
        if (!code) this.warn(raw.place, `XfmrCode ${raw.value} is not defined; the transformer keeps its own values`);
        else {
          for (const [key, value] of code.props) object.props.set(key, value);
          // The code gives winding ratings; buses named before it stay.
          object.parts = code.parts.map((winding, index) => {
            const copy = new Map(winding);
            const bus = object.parts[index]?.get('bus');
            if (bus) copy.set('bus', bus);
            return copy;
          });
        }
      }
    }
    object.props.set(name, raw);
  }

  /** LineGeometry: `cond=k` picks a conductor; wire, x and h belong to it; `wires=[..]` names them all. True when handled. */
  private setConductor(object: DssObject, name: string, raw: RawValue): boolean {
    const part = (index: number) => {
      while (object.parts.length <= index) object.parts.push(new Map());
      return object.parts[index];
    };
    if (name === 'cond') {
      object.activePart = Math.max(0, Math.round(numberOf(raw)) - 1);
      part(object.activePart);
      return true;
    }
    if (name === 'wire' || name === 'x' || name === 'h' || name === 'cncable' || name === 'tscable') {
      part(object.activePart).set(name === 'cncable' || name === 'tscable' ? 'wire' : name, raw);
      if (name === 'cncable' || name === 'tscable') part(object.activePart).set('cable', raw);
      return true;
    }
    if (name === 'wires' || name === 'cncables' || name === 'tscables') {
      listItems(raw.value).forEach((item, index) => {
        part(index).set('wire', { value: item, bracket: '', place: raw.place });
        if (name !== 'wires') part(index).set('cable', raw);
      });
      return true;
    }
    return false;
  }

  private like(object: DssObject, raw: RawValue): void {
    const source = this.circuit.objects.get(object.dssClass.name)?.get(raw.value.toLowerCase());
    if (!source) return this.warn(raw.place, `like=${raw.value}: no ${object.dssClass.name} of that name is defined before it`);
    for (const [key, value] of source.props) object.props.set(key, value);
    object.parts = source.parts.map((winding) => new Map(winding));
  }

  private busCoords(rest: Token[], place: Place): void {
    const target = rest[0];
    if (!target) return this.warn(place, 'BusCoords names no file');
    const found = this.readRelative(this.currentDir, target.value.trim(), { ...place, column: target.column });
    this.filesRead.push(found.path);
    const read = readBusCoordinates(found.text, found.path);
    for (const warning of read.warnings) this.warnings.push(warning);
    for (const [bus, coordinate] of read.coordinates) this.circuit.coordinates.set(bus, coordinate);
  }

  private setBusXy(rest: Token[], place: Place): void {
    const values = new Map(rest.filter((token) => token.name !== null).map((token) => [token.name!.toLowerCase(), token]));
    const bus = values.get('bus');
    const x = values.get('x');
    const y = values.get('y');
    if (!bus || !x || !y) return this.warn(place, 'SetBusXY needs bus=, x= and y=; skipped');
    const at = (token: Token): RawValue => ({ value: token.value, bracket: token.bracket, place: { ...place, column: token.column } });
    const coordinate: BusCoordinate = { x: numberOf(at(x)), y: numberOf(at(y)), place };
    this.circuit.coordinates.set(bus.value.split('.')[0].toLowerCase(), coordinate);
  }

  private set(rest: Token[], place: Place): void {
    for (const token of rest) {
      if (token.name === null) continue;
      const option = token.name.toLowerCase();
      const raw: RawValue = { value: token.value, bracket: token.bracket, place: { ...place, column: token.column } };
      if (option === 'voltagebases') this.circuit.voltageBasesKv = numbersOf(raw);
      else if (option === 'defaultbasefrequency' || option === 'basefrequency' || option === 'frequency') this.circuit.baseFrequencyHz = numberOf(raw);
      else if (!IGNORED_SET_OPTIONS.has(option)) this.warn(raw.place, `unknown Set option "${token.name}" skipped`);
    }
  }

  private batchEdit(rest: Token[], place: Place): void {
    const target = rest[0];
    // `Line..*`: the class, a dot, then a regular expression over names (here `.*`).
    const match = target ? /^([^.]+)\.(.+)$/.exec(target.value) : null;
    if (!match) return this.warn(place, 'BatchEdit needs Class..<pattern>; skipped');
    const className = match[1].toLowerCase();
    let pattern: RegExp;
    try {
      pattern = new RegExp(`^(?:${match[2]})$`, 'i');
    } catch {
      throw syntaxError({ ...place, column: target!.column }, `BatchEdit pattern ${JSON.stringify(match[2])} is no regular expression`);
    }
    for (const object of this.circuit.objects.get(className)?.values() ?? []) {
      if (pattern.test(object.name)) this.applyTokens(object, rest.slice(1), place);
    }
  }

  private openClose(command: string, rest: Token[], place: Place): void {
    const target = rest.find((token) => token.name === null || token.name.toLowerCase() === 'object');
    if (!target) return this.warn(place, `${command} names no element; skipped`);
    const object = this.findObject(target.value, { ...place, column: target.column });
    if (!object) return;
    const terminalToken = rest.find((token) => token.name !== null && 'terminal'.startsWith(token.name.toLowerCase()));
    const positional = rest.filter((token) => token.name === null);
    const terminalText = terminalToken?.value ?? positional[1]?.value ?? '0';
    const terminal = Math.round(Number(terminalText)) || 0;
    // Terminal 0 (or none) means every terminal, as in OpenDSS.
    const terminals = terminal === 0 ? [1, 2] : [terminal];
    for (const t of terminals) {
      if (command === 'open') object.openTerminals.add(t);
      else object.openTerminals.delete(t);
    }
  }

  private enable(enabled: boolean, rest: Token[], place: Place): void {
    for (const token of rest) {
      const object = this.findObject(token.value, { ...place, column: token.column });
      if (object) object.props.set('enabled', { value: enabled ? 'yes' : 'no', bracket: '', place });
    }
  }
}

/**
 * Runs the script `entry` (a path relative to the feeder folder) and everything it reaches.
 * Throws invalid_input for syntax errors (file, line, column) and files it cannot find.
 */
export function runScript(files: ScriptFiles, entry: string): ScriptResult {
  const interpreter = new Interpreter(files);
  const found = files.read(entry);
  if (!found) throw new HazsimError('invalid_input', `OpenDSS entry script ${entry} not found`);
  interpreter.startIn(found.path);
  interpreter.runFile(found.path, found.text);
  return { circuit: interpreter.circuit, filesRead: interpreter.filesRead, warnings: interpreter.warnings };
}
