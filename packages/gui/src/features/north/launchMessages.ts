/** The tool messages of spec 2 §8 and spec 3 §8. */
export const NOT_LOGGED_IN = 'You must be logged in to use this tool.';
export const NO_FILE_PATH = 'No file path found. Tool cannot be launched.';
export const ALREADY_RUNNING = 'The tool is already running. Stopping it will delete any unsaved data.';
export const notMounted = (uploadId: string) =>
  `The upload ${uploadId} is not mounted. You need to stop the tool before relaunching it. Stopping the tool may cause loss of unsaved data.`;
