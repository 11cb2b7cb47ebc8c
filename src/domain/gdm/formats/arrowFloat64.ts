/**
 * The one float64 column of an Apache Arrow IPC *file*, as infrasys writes a SingleTimeSeries
 * (../shared/reference/gdm-format.md §6.2: magic `ARROW1` at both ends, one record batch, one
 * float64 column named after the series uuid). Read from the bytes with the layout of the Arrow
 * columnar format specification (https://arrow.apache.org/docs/format/Columnar.html, "IPC File
 * Format" and the Flatbuffers schemas File.fbs, Message.fbs, Schema.fbs): the footer's record
 * batch blocks, each message's RecordBatch header (field nodes, buffers) and the body.
 *
 * Only what infrasys writes is accepted: one column of type FloatingPoint(DOUBLE), uncompressed,
 * little-endian; anything else is an error naming what was found. Nulls are read as NaN.
 */
import { HazsimError } from '../../../base/errors.js';

const MAGIC = 'ARROW1';
/** Message.fbs MessageHeader union: RecordBatch. */
const HEADER_RECORD_BATCH = 3;
/** Schema.fbs Type union: FloatingPoint; Precision DOUBLE. */
const TYPE_FLOATING_POINT = 3;
const PRECISION_DOUBLE = 2;

/** A Flatbuffers table at `position` of `view` (vtable navigation per the Flatbuffers binary format). */
class Table {
  constructor(
    readonly view: DataView,
    readonly position: number,
  ) {}

  /** Absolute position of field `index`, or null when absent (default value). */
  field(index: number): number | null {
    const vtable = this.position - this.view.getInt32(this.position, true);
    const vtableSize = this.view.getUint16(vtable, true);
    const entry = 4 + 2 * index;
    if (entry >= vtableSize) return null;
    const offset = this.view.getUint16(vtable + entry, true);
    return offset === 0 ? null : this.position + offset;
  }

  int(index: number, size: 1 | 2 | 4 | 8, fallback = 0): number {
    const at = this.field(index);
    if (at === null) return fallback;
    if (size === 1) return this.view.getUint8(at);
    if (size === 2) return this.view.getInt16(at, true);
    if (size === 4) return this.view.getInt32(at, true);
    return Number(this.view.getBigInt64(at, true));
  }

  table(index: number): Table | null {
    const at = this.field(index);
    return at === null ? null : new Table(this.view, at + this.view.getUint32(at, true));
  }

  /** A vector field: its element count and the position of its first element. */
  vector(index: number): { length: number; start: number } {
    const at = this.field(index);
    if (at === null) return { length: 0, start: 0 };
    const vector = at + this.view.getUint32(at, true);
    return { length: this.view.getUint32(vector, true), start: vector + 4 };
  }
}

function rootTable(view: DataView, start: number): Table {
  return new Table(view, start + view.getUint32(start, true));
}

function fail(name: string, message: string): never {
  throw new HazsimError('unreadable', `${name}: ${message}`);
}

/** The values of the single float64 column of the Arrow IPC file `bytes` (named `name` in errors). */
export function readArrowFloat64Column(bytes: Uint8Array, name: string): Float64Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (from: number) => String.fromCharCode(...bytes.subarray(from, from + MAGIC.length));
  if (bytes.length < 24 || text(0) !== MAGIC || text(bytes.length - MAGIC.length) !== MAGIC) fail(name, 'not an Arrow IPC file (no ARROW1 magic at both ends)');
  const footerLength = view.getInt32(bytes.length - MAGIC.length - 4, true);
  const footerStart = bytes.length - MAGIC.length - 4 - footerLength;
  if (!(footerLength > 0) || footerStart < 8) fail(name, 'the Arrow footer length is out of range');
  const footer = rootTable(view, footerStart);
  checkSchema(footer.table(1), name);
  const batches = footer.vector(3);
  if (batches.length !== 1) fail(name, `expected one record batch, found ${batches.length}`);
  // Block struct: offset (int64), metaDataLength (int32, padded to 8), bodyLength (int64).
  const blockOffset = Number(view.getBigInt64(batches.start, true));
  const metadataLength = view.getInt32(batches.start + 8, true);
  // An encapsulated message starts with 0xFFFFFFFF and its length (format ≥ 0.15) or with the length alone.
  const messageStart = view.getInt32(blockOffset, true) === -1 ? blockOffset + 8 : blockOffset + 4;
  const message = rootTable(view, messageStart);
  if (message.int(1, 1) !== HEADER_RECORD_BATCH) fail(name, 'the record batch block does not hold a RecordBatch message');
  const batch = message.table(2)!;
  if (batch.table(3)) fail(name, 'compressed Arrow record batches are not supported');
  const length = batch.int(0, 8);
  const nodes = batch.vector(1);
  const buffers = batch.vector(2);
  if (nodes.length !== 1 || buffers.length !== 2)
    fail(name, `expected one column with a validity and a data buffer, found ${nodes.length} columns and ${buffers.length} buffers`);
  const nullCount = Number(view.getBigInt64(nodes.start + 8, true));
  const body = blockOffset + metadataLength;
  const buffer = (k: number) => ({
    offset: body + Number(view.getBigInt64(buffers.start + 16 * k, true)),
    length: Number(view.getBigInt64(buffers.start + 16 * k + 8, true)),
  });
  const data = buffer(1);
  if (data.length < 8 * length || data.offset + 8 * length > bytes.length) fail(name, `the data buffer is shorter than ${length} float64 values`);
  const values = new Float64Array(length);
  for (let i = 0; i < length; i += 1) values[i] = view.getFloat64(data.offset + 8 * i, true);
  if (nullCount > 0) {
    const validity = buffer(0);
    for (let i = 0; i < length; i += 1) if ((bytes[validity.offset + (i >> 3)] & (1 << (i & 7))) === 0) values[i] = Number.NaN;
  }
  return values;
}

/** The schema must hold one FloatingPoint(DOUBLE) field, little-endian. */
function checkSchema(schema: Table | null, name: string): void {
  if (!schema) fail(name, 'the Arrow footer has no schema');
  if (schema.int(0, 2) !== 0) fail(name, 'big-endian Arrow files are not supported');
  const fields = schema.vector(1);
  if (fields.length !== 1) fail(name, `expected one column, found ${fields.length}`);
  const field = new Table(schema.view, fields.start + schema.view.getUint32(fields.start, true));
  const type = field.table(3);
  if (field.int(2, 1) !== TYPE_FLOATING_POINT || !type || type.int(0, 2) !== PRECISION_DOUBLE) fail(name, 'the column is not float64 (FloatingPoint DOUBLE)');
}
