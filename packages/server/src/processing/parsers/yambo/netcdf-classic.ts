// Classic NetCDF (CDF-1, CDF-2 with 64-bit offsets, CDF-5 with 64-bit sizes), which Yambo writes when
// built without HDF5: a header of dimensions, attributes and variables, then each variable's values,
// big-endian. Only numeric and character variables of fixed size are read (Yambo's databases have no
// record dimension); a variable that does not fit in the file is an error.

export interface NetcdfVariable {
  /** Dimensions, slowest first (C order, as netCDF4-python gives them). */
  shape: number[];
  /** Numbers, or the characters of a character variable. */
  values: Float64Array | string;
}

const NC_DIMENSION = 10;
const NC_VARIABLE = 11;
const NC_ATTRIBUTE = 12;
/** Bytes per value of each nc_type (1 byte, 2 char, 3 short, 4 int, 5 float, 6 double, 7-11 of CDF-5). */
const TYPE_SIZE: Readonly<Record<number, number>> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 4,
  6: 8,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 8,
};

/** Whether a buffer starts like a classic NetCDF file. */
export const isClassicNetcdf = (buffer: Buffer): boolean =>
  buffer.length >= 4 && buffer.toString('latin1', 0, 3) === 'CDF' && [1, 2, 5].includes(buffer[3]!);

export function readClassicNetcdf(buffer: Buffer, file: string): Map<string, NetcdfVariable> {
  const version = buffer[3]!;
  let offset = 4;
  const need = (bytes: number) => {
    if (offset + bytes > buffer.length) throw new Error(`${file} ends inside its NetCDF header`);
  };
  const int = () => {
    need(4);
    offset += 4;
    return buffer.readInt32BE(offset - 4);
  };
  const size = () => {
    if (version !== 5) return int();
    need(8);
    offset += 8;
    return Number(buffer.readBigInt64BE(offset - 8));
  };
  const name = () => {
    const length = size();
    need(length);
    const value = buffer.toString('latin1', offset, offset + length);
    offset += Math.ceil(length / 4) * 4;
    return value;
  };
  const skipAttributes = () => {
    const tag = int();
    const count = size();
    if (tag !== NC_ATTRIBUTE && !(tag === 0 && count === 0))
      throw new Error(`${file}: bad NetCDF attributes`);
    for (let i = 0; i < count; i += 1) {
      name();
      const type = int();
      const n = size();
      offset += Math.ceil((n * (TYPE_SIZE[type] ?? 1)) / 4) * 4;
    }
  };
  size(); // the number of records
  const dimTag = int();
  const dimCount = size();
  if (dimTag !== NC_DIMENSION && !(dimTag === 0 && dimCount === 0))
    throw new Error(`${file}: bad NetCDF dimensions`);
  const dims: number[] = [];
  for (let i = 0; i < dimCount; i += 1) {
    name();
    dims.push(size());
  }
  skipAttributes();
  const varTag = int();
  const varCount = size();
  if (varTag !== NC_VARIABLE && !(varTag === 0 && varCount === 0))
    throw new Error(`${file}: bad NetCDF variables`);
  const variables = new Map<string, NetcdfVariable>();
  for (let i = 0; i < varCount; i += 1) {
    const varName = name();
    const rank = size();
    const shape = Array.from({ length: rank }, () => dims[size()] ?? 0);
    skipAttributes();
    const type = int();
    size(); // vsize
    const begin = version === 1 ? int() : (need(8), (offset += 8), Number(buffer.readBigInt64BE(offset - 8)));
    const count = shape.reduce((a, b) => a * b, 1);
    const bytes = TYPE_SIZE[type];
    if (bytes === undefined || shape.includes(0)) continue;
    if (begin + count * bytes > buffer.length)
      throw new Error(`${file} ends inside NetCDF variable ${varName}`);
    variables.set(varName, { shape, values: valuesOf(buffer, type, begin, count) });
  }
  return variables;
}

function valuesOf(buffer: Buffer, type: number, begin: number, count: number): Float64Array | string {
  if (type === 2) return buffer.toString('latin1', begin, begin + count);
  const values = new Float64Array(count);
  const bytes = TYPE_SIZE[type]!;
  for (let i = 0; i < count; i += 1) {
    const at = begin + i * bytes;
    values[i] =
      type === 1
        ? buffer.readInt8(at)
        : type === 3
          ? buffer.readInt16BE(at)
          : type === 4
            ? buffer.readInt32BE(at)
            : type === 5
              ? buffer.readFloatBE(at)
              : type === 6
                ? buffer.readDoubleBE(at)
                : type === 7
                  ? buffer.readUInt8(at)
                  : type === 8
                    ? buffer.readUInt16BE(at)
                    : type === 9
                      ? buffer.readUInt32BE(at)
                      : Number(type === 10 ? buffer.readBigInt64BE(at) : buffer.readBigUInt64BE(at));
  }
  return values;
}
