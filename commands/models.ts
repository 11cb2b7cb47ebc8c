import { Command, InvalidArgumentError, Option } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { emit, formatFields, formatSummary, formatTable, writeWarnings } from './output.js';
import { askIfMissing, confirmOnTerminal } from './prompts.js';
import { HazsimError } from '../src/base/errors.js';
import { MODEL_KIND_IDS, type ModelKindId } from '../src/app/models/kinds.js';
import {
  COORDINATE_ORDERS,
  COORDINATE_UNIT_NAMES,
  coordinateReading,
  placeAtProblem,
  TERRAIN_CLASSES,
  trackUploadOptions,
  WIND_PROFILES,
  type CoordinateOrder,
  type TerrainClass,
  type WindProfileName,
} from '../src/app/contract/schemas.js';
import type { HazsimService } from '../src/app/service.js';
import type { ModelRecord } from '../src/app/serviceInterface.js';
import { didYouMean } from '../src/base/suggest.js';

interface KindOption extends GlobalOptions {
  kind?: ModelKindId;
}

const kindOption = (description: string) => new Option('--kind <kind>', description).choices([...MODEL_KIND_IDS]);

/** The kind a name refers to: the --kind given, else the one store that holds it. */
async function resolveKind(service: HazsimService, name: string, kind: ModelKindId | undefined): Promise<ModelKindId> {
  if (kind) return kind;
  const found = service.models.find(name);
  if (found.length === 1) return found[0];
  if (found.length === 0) {
    const known = (await Promise.all(MODEL_KIND_IDS.map((id) => service.models.list(id)))).flat().map((record) => record.name);
    throw new HazsimError('not_found', `Model '${name}' not found (no distribution system or hazard model has that name)`, undefined, didYouMean(name, known));
  }
  throw new HazsimError('usage', `'${name}' names both a distribution system and a hazard model; pass --kind distribution or --kind hazard`);
}

/** The model name argument, or a pick from the cached names of the kind given (both kinds when none). */
function askModelName(
  context: CommandContext,
  service: HazsimService,
  name: string | undefined,
  kind: ModelKindId | undefined,
  message: string,
): Promise<string> {
  return askIfMissing(context, name, {
    name: '<name>',
    message,
    choices: async () => {
      const kinds = kind ? [kind] : MODEL_KIND_IDS;
      const names = await Promise.all(kinds.map((k) => service.models.list(k)));
      return [...new Set(names.flat().map((record) => record.name))];
    },
  });
}

interface UploadOptions extends KindOption {
  name?: string;
  description: string;
  overwrite?: boolean;
  storm?: string;
  from?: string;
  to?: string;
  windProfile?: WindProfileName;
  terrain?: TerrainClass;
  coordinateOrder?: CoordinateOrder;
  placeAt?: string;
  crs?: string;
  coordinateUnits?: string;
}

/** --place-at: refused as an option value (exit 2) when it is no <longitude>,<latitude>. */
function parsePlaceAt(value: string): string {
  const problem = placeAtProblem(value);
  if (problem) throw new InvalidArgumentError(problem);
  return value;
}

/**
 * --coordinate-order and --place-at: how a distribution model's x and y are read
 * (docs/input-distribution.md). `upload` keeps the reading with the model; `validate` checks
 * the file read that way.
 */
export function addCoordinateOptions(command: Command, kept = 'kept with the model'): Command {
  return command
    .addOption(
      new Option(
        '--coordinate-order <order>',
        `distribution models: which of a Location's x and y is the longitude: lon,lat (GDM's, the default) or lat,lon (as gdm's own p5r.json); ${kept}`,
      ).choices([...COORDINATE_ORDERS]),
    )
    .option(
      '--place-at <lon,lat>',
      `distribution models in local x/y metres (IEEE test feeders): the longitude,latitude of x = 0, y = 0; x is metres east, y metres north; ${kept}. OpenDSS models: where the centre of their bus coordinates goes`,
      parsePlaceAt,
    )
    .option(
      '--crs <crs>',
      'OpenDSS models with projected bus coordinates: their CRS (EPSG:32614 for UTM zone 14N, EPSG:327xx south, or a proj4 "+proj=..." string)',
    )
    .addOption(
      new Option('--coordinate-units <unit>', 'OpenDSS models placed with --place-at: the unit of their x/y (default m)').choices([...COORDINATE_UNIT_NAMES]),
    );
}

/** What the coordinate options hold (addCoordinateOptions). */
export interface CoordinateFlags {
  coordinateOrder?: CoordinateOrder;
  placeAt?: string;
  crs?: string;
  coordinateUnits?: string;
}

/** The coordinate reading the flags ask for (schemas.coordinateReading). */
export function coordinatesOfFlags(options: CoordinateFlags) {
  return coordinateReading({
    coordinate_order: options.coordinateOrder,
    place_at: options.placeAt,
    crs: options.crs,
    coordinate_units: options.coordinateUnits,
  });
}

export function makeUploadCommand(context: CommandContext): Command {
  return addCoordinateOptions(
    new Command('upload')
      .description(
        'store a distribution or hazard model (JSON, or a ZIP with its _time_series folder) in the cache; a best track (HURDAT2, IBTrACS CSV, ATCF b-deck) is stored as a hazard model of hourly wind models, a USGS ShakeMap grid.xml (or a ZIP with grid.xml and uncertainty.xml) as an earthquake',
      )
      .argument(
        '[file]',
        'model file: .json or .zip, a best-track file, a ShakeMap grid.xml, or an OpenDSS script (Master.dss, read with its folder) or ZIP of a feeder folder (asked for when missing on a terminal)',
      )
      .addOption(kindOption('model kind (default: detected from the content)'))
      .option('--name <name>', 'model name (default: the file name without extension)')
      .option('--description <text>', 'free-text description', '')
      .option('--overwrite', 'replace a model of the same name')
      .option('--storm <id-or-name>', 'best tracks: the storm by id (AL152018, an IBTrACS SID) or name, when the file holds several')
      .option('--from <time>', 'best tracks: keep fixes at or after this ISO 8601 date-time (UTC when no zone)')
      .option('--to <time>', 'best tracks: keep fixes at or before this ISO 8601 date-time (UTC when no zone)')
      .addOption(
        new Option('--wind-profile <profile>', 'best tracks: wind profile written on every model (default: by the run physics)').choices([...WIND_PROFILES]),
      )
      .addOption(new Option('--terrain <class>', 'best tracks: terrain of the assets (default open_terrain)').choices([...TERRAIN_CLASSES])),
  ).action(async (fileArgument: string | undefined, options: UploadOptions) => {
    const service = context.service(options);
    const file = await askIfMissing(context, fileArgument, { name: '<file>', message: 'Model file to upload (.json or .zip)' });
    const track = trackUploadOptions({
      storm: options.storm,
      from: options.from,
      to: options.to,
      wind_profile: options.windProfile,
      terrain: options.terrain,
    });
    const coordinates = coordinatesOfFlags(options);
    const result = await service.models.uploadFile(file, {
      kind: options.kind,
      name: options.name,
      description: options.description,
      overwrite: options.overwrite,
      ...(track ? { track } : {}),
      ...(coordinates ? { coordinates } : {}),
    });
    const message = result.message;
    emit(
      context,
      options,
      {
        status: 'success',
        message,
        kind: result.kind,
        ...result.record,
        ...(result.time_series_path ? { time_series_path: result.time_series_path } : {}),
        ...(result.track ? { track: result.track } : {}),
        ...(result.track || result.warnings ? { warnings: result.warnings ?? [] } : {}),
      },
      () =>
        [
          message,
          formatFields([
            ['kind', result.kind],
            ['file', result.record.file_path],
            ...(result.time_series_path ? ([['time series', result.time_series_path]] as [string, string][]) : []),
            ...(result.track
              ? ([
                  ['storm', `${result.track.storm_name} (${result.track.storm_id}, ${result.track.format})`],
                  ['fixes', `${result.track.fix_count}, ${result.track.first_fix} to ${result.track.last_fix}`],
                  ['wind models', String(result.track.model_count)],
                ] as [string, string][])
              : []),
          ]),
        ].join('\n'),
    );
    writeWarnings(context, result.warnings ?? []);
  });
}

export function makeListCommand(context: CommandContext): Command {
  return new Command('list')
    .description('list cached models')
    .addOption(kindOption('only this kind (default: both)'))
    .option('--refresh', 'rescan the cache directories first')
    .action(async (options: KindOption & { refresh?: boolean }) => {
      const service = context.service(options);
      const kinds = options.kind ? [options.kind] : MODEL_KIND_IDS;
      const listed: (ModelRecord & { kind: ModelKindId })[] = [];
      for (const kind of kinds) {
        for (const record of await service.models.list(kind, { refresh: options.refresh })) listed.push({ kind, ...record });
      }
      emit(context, options, listed, () =>
        listed.length === 0
          ? `No models in ${service.cache.root}`
          : formatTable(
              context,
              ['KIND', 'NAME', 'CREATED (UTC)', 'DESCRIPTION'],
              listed.map((model) => [model.kind, model.name, model.created_at.slice(0, 19), model.description]),
            ),
      );
    });
}

export function makeShowCommand(context: CommandContext): Command {
  return new Command('show')
    .description('show a cached model: its record, stored file and a summary of its content (--json adds the content)')
    .argument('[name]', 'model name (picked from the cache when missing on a terminal)')
    .addOption(kindOption('model kind (needed only when both kinds use the name)'))
    .action(async (nameArgument: string | undefined, options: KindOption) => {
      const service = context.service(options);
      const name = await askModelName(context, service, nameArgument, options.kind, 'Model to show');
      const kind = await resolveKind(service, name, options.kind);
      const described = service.models.describe(kind, name);
      const { name: modelName, description, ...summary } = described.summary;
      emit(context, options, { kind, name: modelName, description, ...summary, content: described.content }, () =>
        formatFields([['name', modelName], ['kind', kind], ['description', description || '-'], ...formatSummary(summary)]),
      );
    });
}

export function makeDeleteCommand(context: CommandContext): Command {
  return new Command('delete')
    .description('delete a cached model and its files')
    .argument('[name]', 'model name (picked from the cache when missing on a terminal)')
    .addOption(kindOption('model kind (needed only when both kinds use the name)'))
    .option('-y, --yes', 'do not ask for confirmation on a terminal')
    .action(async (nameArgument: string | undefined, options: KindOption & { yes?: boolean }) => {
      const service = context.service(options);
      const name = await askModelName(context, service, nameArgument, options.kind, 'Model to delete');
      const kind = await resolveKind(service, name, options.kind);
      await confirmOnTerminal(context, options.yes, `Delete the ${kind} model ${name} and its files?`, `delete cancelled: ${name} kept`);
      const result = await service.models.delete(kind, name);
      emit(context, options, result, () => result.message);
    });
}
