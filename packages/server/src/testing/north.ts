import { fileURLToPath } from 'node:url';
import { readNorthConfig, type NorthConfig } from '../config/north.ts';

/** The stand-in tool (fixtures/north-tool.mjs) as a configured command line. */
export const fixtureToolCommand = (): string =>
  `"${process.execPath}" "${fileURLToPath(new URL('./fixtures/north-tool.mjs', import.meta.url))}" ` +
  '--port {port} --base-url {base_url} --dir {upload_dir} --token {token}';

/** NORTH switched on with the stand-in tool under each of `names` (the first is `with_path`, for `.txt`). */
export const fixtureNorthConfig = (names: string[], north: Record<string, unknown> = {}): NorthConfig =>
  readNorthConfig({
    enabled: true,
    tools: {
      options: Object.fromEntries(
        names.map((name, index) => [
          name,
          {
            title: `Fixture ${name}`,
            short_description: 'Lists the files it sees.',
            command: fixtureToolCommand(),
            ...(index === 0 ? { with_path: true, file_extensions: ['txt'] } : {}),
          },
        ]),
      ),
    },
    ...north,
  });
