// The part of seek-bzip (a pure-JS bzip2 decoder without bundled types) that processing uses.
declare module 'seek-bzip' {
  interface Bunzip {
    /** Decodes a whole bzip2 stream. */
    decode(input: Uint8Array, output?: undefined, multistream?: boolean): Buffer;
    /** Decodes a whole bzip2 stream into a sink that takes one byte at a time. */
    decode(input: Uint8Array, output: { writeByte(byte: number): void }, multistream?: boolean): void;
    /** Decodes the block that starts at bit position `pos` (32 for the first block). */
    decodeBlock(input: Uint8Array, pos: number): Buffer;
  }
  const bunzip: Bunzip;
  export = bunzip;
}
