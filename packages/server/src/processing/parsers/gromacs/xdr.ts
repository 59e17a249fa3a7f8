// A reader of XDR, the big-endian encoding of GROMACS' binary files (trajectories, energies): 4-byte
// integers and floats, 8-byte hypers and doubles, strings as a length and bytes padded to 4.

/** Thrown when a file ends inside a value: the file is truncated or not what its header says. */
export class XdrEndError extends Error {}

export class XdrReader {
  offset = 0;

  constructor(
    private readonly buffer: Buffer,
    /** Names the file in errors. */
    private readonly file: string,
  ) {}

  get atEnd(): boolean {
    return this.offset >= this.buffer.length;
  }

  private take(bytes: number, what: string): number {
    const at = this.offset;
    if (bytes < 0 || at + bytes > this.buffer.length)
      throw new XdrEndError(`${this.file} ends at byte ${this.buffer.length} inside ${what} (byte ${at})`);
    this.offset = at + bytes;
    return at;
  }

  int(what = 'an integer'): number {
    return this.buffer.readInt32BE(this.take(4, what));
  }

  /** A 64-bit integer; steps of any real run fit a double exactly. */
  hyper(what = 'a 64-bit integer'): number {
    return Number(this.buffer.readBigInt64BE(this.take(8, what)));
  }

  float(what = 'a float'): number {
    return this.buffer.readFloatBE(this.take(4, what));
  }

  double(what = 'a double'): number {
    return this.buffer.readDoubleBE(this.take(8, what));
  }

  /** GROMACS' 'real': a float in single-precision files, a double in double-precision ones. */
  real(double: boolean, what = 'a real'): number {
    return double ? this.double(what) : this.float(what);
  }

  /** `count` reals into one array. */
  reals(count: number, double: boolean, what: string): Float64Array {
    const width = double ? 8 : 4;
    const at = this.take(count * width, what);
    const values = new Float64Array(count);
    for (let i = 0; i < count; i += 1)
      values[i] = double ? this.buffer.readDoubleBE(at + i * width) : this.buffer.readFloatBE(at + i * width);
    return values;
  }

  /** An XDR string: its length, its bytes, padding to 4 bytes. */
  string(what = 'a string', maxLength = 4096): string {
    const length = this.int(what);
    if (length < 0 || length > maxLength)
      throw new Error(
        `${this.file}: a string of ${length} bytes at byte ${this.offset - 4} is not plausible`,
      );
    const at = this.take(Math.ceil(length / 4) * 4, what);
    return this.buffer.toString('latin1', at, at + length).replace(/\0+$/, '');
  }

  /** GROMACS writes some strings with their length (terminating zero included) before the XDR string. */
  prefixedString(what = 'a string'): string {
    this.int(what);
    return this.string(what);
  }

  /** Bytes already read (their view, not a copy). */
  bytesAt(start: number, length: number): Uint8Array {
    return this.buffer.subarray(start, start + length);
  }

  skip(bytes: number, what: string): void {
    this.take(bytes, what);
  }
}
