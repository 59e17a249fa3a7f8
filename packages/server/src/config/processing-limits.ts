// Limits that keep one upload or one file from taking the server down: parser processes (memory, time),
// job retries, and what an upload may unpack. Read from nomad.yaml's `process` and `uploads` sections;
// sizes there are in MB (fractions allowed), times in seconds.

const MB = 1024 ** 2;

export interface ProcessingLimits {
  /** Memory of one parser process (its resident set, V8 heap included), in bytes. */
  parserMemoryBytes: number;
  /** Time one mainfile may take to parse and normalise, in ms. */
  parserTimeoutMs: number;
  /** Starts of a processing job after which it is given up (a job interrupted by a crash counts). */
  maxJobAttempts: number;
  /** Overrides every parser's own limit on the file size it reads whole (bytes); unset keeps theirs. */
  maxMainfileBytes?: number;
  /** How long a node holds a job without renewing it; then another node takes it over (ms). */
  jobLeaseMs: number;
}

export interface UploadFileLimits {
  /** Raw bytes one upload may hold once unpacked (NOMAD's per-upload limit). */
  maxUploadBytes: number;
  /** Free disk space uploads leave untouched: a write may use the free space minus this. */
  diskReserveBytes: number;
  /** Members (files and folders) one zip or tar may hold. */
  archiveMaxMembers: number;
  /** Inflated/compressed ratio above which a large member (or archive) is a bomb. */
  archiveMaxRatio: number;
  /** Members and archives below this many inflated bytes are not ratio-checked. */
  archiveRatioMinBytes: number;
}

export const DEFAULT_PROCESSING_LIMITS: ProcessingLimits = {
  parserMemoryBytes: 2048 * MB,
  parserTimeoutMs: 120_000,
  maxJobAttempts: 3,
  jobLeaseMs: 30_000,
};

export const DEFAULT_UPLOAD_FILE_LIMITS: UploadFileLimits = {
  maxUploadBytes: 32 * 1024 * MB,
  diskReserveBytes: 1024 * MB,
  archiveMaxMembers: 100_000,
  archiveMaxRatio: 200,
  archiveRatioMinBytes: 64 * MB,
};

type Section = Record<string, unknown>;

const positive = (section: Section, key: string, scale: number, zeroAllowed = false): number | undefined => {
  const value = section[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !(value > 0 || (zeroAllowed && value === 0)))
    throw new Error(`nomad.yaml: ${key} must be a positive number`);
  return Math.round(value * scale);
};

/**
 * `process:` keys: parser_memory_limit (MB), parser_time_limit (s), max_job_attempts, max_mainfile_size
 * (MB), job_lease (s).
 */
export const readProcessingLimits = (process: Section): ProcessingLimits => {
  const maxMainfileBytes = positive(process, 'max_mainfile_size', MB);
  return {
    parserMemoryBytes:
      positive(process, 'parser_memory_limit', MB) ?? DEFAULT_PROCESSING_LIMITS.parserMemoryBytes,
    parserTimeoutMs:
      positive(process, 'parser_time_limit', 1000) ?? DEFAULT_PROCESSING_LIMITS.parserTimeoutMs,
    maxJobAttempts: positive(process, 'max_job_attempts', 1) ?? DEFAULT_PROCESSING_LIMITS.maxJobAttempts,
    jobLeaseMs: positive(process, 'job_lease', 1000) ?? DEFAULT_PROCESSING_LIMITS.jobLeaseMs,
    ...(maxMainfileBytes ? { maxMainfileBytes } : {}),
  };
};

/** `uploads:` keys: max_size, disk_reserve, archive_ratio_min_size (MB), archive_max_members, archive_max_ratio. */
export const readUploadFileLimits = (uploads: Section): UploadFileLimits => {
  const d = DEFAULT_UPLOAD_FILE_LIMITS;
  return {
    maxUploadBytes: positive(uploads, 'max_size', MB) ?? d.maxUploadBytes,
    diskReserveBytes: positive(uploads, 'disk_reserve', MB, true) ?? d.diskReserveBytes,
    archiveMaxMembers: positive(uploads, 'archive_max_members', 1) ?? d.archiveMaxMembers,
    archiveMaxRatio: positive(uploads, 'archive_max_ratio', 1) ?? d.archiveMaxRatio,
    archiveRatioMinBytes: positive(uploads, 'archive_ratio_min_size', MB) ?? d.archiveRatioMinBytes,
  };
};
