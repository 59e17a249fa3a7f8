/** One choice of result columns per search context, as NOMAD keeps it in localStorage: the app path names it. */
export const columnsStorageKey = (appPath: string) => `oasis-result-columns:${appPath}`;

/** Key of an app's dashboard in the storage: one dashboard per app path. */
export const dashboardStorageKey = (appPath: string) => `oasis-dashboard:${appPath}`;
