import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { DEFAULT_PROCESSING_LIMITS, DEFAULT_UPLOAD_FILE_LIMITS } from './processing-limits.ts';

const withConfig = (yaml: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oasis-limits-config-'));
  try {
    writeFileSync(path.join(dir, 'nomad.yaml'), yaml);
    return loadConfig({ OASIS_CONFIG: path.join(dir, 'nomad.yaml') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('processing and upload limits', () => {
  it('default to 2 GB and 120 s per parser, 3 attempts, 30 s job leases, 32 GB per upload, 100,000 members, 200:1 over 64 MB', () => {
    const config = loadConfig({});
    expect(config.processing).toEqual(DEFAULT_PROCESSING_LIMITS);
    expect(config.processing).toEqual({
      parserMemoryBytes: 2 * 1024 ** 3,
      parserTimeoutMs: 120_000,
      maxJobAttempts: 3,
      jobLeaseMs: 30_000,
    });
    expect(config.uploadFiles).toEqual(DEFAULT_UPLOAD_FILE_LIMITS);
    expect(config.uploadFiles).toMatchObject({
      maxUploadBytes: 32 * 1024 ** 3,
      archiveMaxMembers: 100_000,
      archiveMaxRatio: 200,
      archiveRatioMinBytes: 64 * 1024 ** 2,
    });
  });

  it('are read from nomad.yaml in MB and seconds', () => {
    const config = withConfig(`
process:
  parser_memory_limit: 1024
  parser_time_limit: 30
  max_job_attempts: 5
  max_mainfile_size: 512
  job_lease: 5
uploads:
  max_size: 1024
  disk_reserve: 0
  archive_max_members: 10
  archive_max_ratio: 50
  archive_ratio_min_size: 0.5
`);
    expect(config.processing).toEqual({
      parserMemoryBytes: 1024 ** 3,
      parserTimeoutMs: 30_000,
      maxJobAttempts: 5,
      maxMainfileBytes: 512 * 1024 ** 2,
      jobLeaseMs: 5000,
    });
    expect(config.uploadFiles).toEqual({
      maxUploadBytes: 1024 ** 3,
      diskReserveBytes: 0,
      archiveMaxMembers: 10,
      archiveMaxRatio: 50,
      archiveRatioMinBytes: 512 * 1024,
    });
  });

  it('refuse values that are not positive numbers', () => {
    expect(() => withConfig('process:\n  parser_memory_limit: 2GB\n')).toThrow(
      'process.parser_memory_limit: expected a number, got "2GB"',
    );
    expect(() => withConfig('uploads:\n  archive_max_members: 0\n')).toThrow(
      'uploads.archive_max_members: expected at least 1, got 0',
    );
  });
});
