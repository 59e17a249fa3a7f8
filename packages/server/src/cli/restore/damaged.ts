/** What is wrong with the backup file itself (its message says how, starting with "it ..."). */
export class DamagedBackupError extends Error {}
