// This server's version: what GET /info reports and what each processed entry records as `nomad_version`
// (NOMAD's name for the version of the software that processed it). It follows the root package.json.
export const SERVER_VERSION = '0.1.0';
