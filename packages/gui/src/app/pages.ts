import { lazyPage } from '../core/lazyPage.ts';

// Every page is its own chunk so that the landing page loads only the shell and the about page.
export const AboutPage = lazyPage(() => import('../features/about/AboutPage.tsx').then((m) => m.AboutPage));
export const UploadsPage = lazyPage(() =>
  import('../features/uploads/UploadsPage.tsx').then((m) => m.UploadsPage),
);
export const UploadPage = lazyPage(() =>
  import('../features/uploads/UploadPage.tsx').then((m) => m.UploadPage),
);
export const SearchPage = lazyPage(() =>
  import('../features/search/SearchPage.tsx').then((m) => m.SearchPage),
);
export const EntryPage = lazyPage(() => import('../features/entry/EntryPage.tsx').then((m) => m.EntryPage));
export const DatasetsPage = lazyPage(() =>
  import('../features/datasets/DatasetsPage.tsx').then((m) => m.DatasetsPage),
);
export const DatasetPage = lazyPage(() =>
  import('../features/datasets/DatasetPage.tsx').then((m) => m.DatasetPage),
);
export const UserSearchPage = lazyPage(() =>
  import('../features/user-search/UserSearchPage.tsx').then((m) => m.UserSearchPage),
);
export const ApisPage = lazyPage(() => import('../features/analyze/ApisPage.tsx').then((m) => m.ApisPage));
export const MetainfoPage = lazyPage(() =>
  import('../features/metainfo/MetainfoPage.tsx').then((m) => m.MetainfoPage),
);
export const NorthPage = lazyPage(() => import('../features/north/NorthPage.tsx').then((m) => m.NorthPage));
export const DevPage = lazyPage(() => import('../features/dev/DevPage.tsx').then((m) => m.DevPage));
export const EntryQueryLookup = lazyPage(() =>
  import('../features/lookup/EntryQueryLookup.tsx').then((m) => m.EntryQueryLookup),
);
export const EntryPidLookup = lazyPage(() =>
  import('../features/lookup/EntryPidLookup.tsx').then((m) => m.EntryPidLookup),
);
export const DatasetDoiLookup = lazyPage(() =>
  import('../features/lookup/DatasetDoiLookup.tsx').then((m) => m.DatasetDoiLookup),
);
