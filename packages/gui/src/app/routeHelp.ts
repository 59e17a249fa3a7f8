// What the Help dialog of a breadcrumb says beyond its tooltip: how to use the page, in a few sentences.
// Keyed by the route's breadcrumb; the apps' search pages show their own readme.

export const ROUTE_HELP: Readonly<Record<string, readonly string[]>> = {
  'Your uploads': [
    'An upload holds the files of one piece of work: simulation outputs, structure files, notebook data. Create one, then drop files or a .zip or .tar archive on it; the oasis finds the files it can read (mainfiles) and turns each into an entry.',
    'An upload stays private until it is published. On its page you can invite co-authors, who may change it, and reviewers, who may only read it. Once published, its files and entries can no longer be changed; an embargo of up to 36 months keeps them to you and your members until it ends or is lifted.',
  ],
  'Search your data': [
    'Searches the entries that are not public to everyone but readable by you: your own uploads, uploads shared with you as co-author or reviewer, and your data under embargo.',
    'The filters on the left narrow the results; a row opens to show its details, and its arrow leads to the entry page.',
  ],
  'Your datasets': [
    'A dataset names a set of entries, also from several uploads, for example those of one paper. Entries are added to a dataset when editing their metadata on the upload page.',
    'A dataset can get a DOI when the operator of this installation has configured DataCite; after that it can no longer be changed or deleted.',
  ],
  Upload: [
    "The upload's page follows its steps: add and organise files, watch processing, edit the entries' metadata, share the upload with members, and publish it.",
    'Files can be added, moved, copied and deleted until the upload is published; every change processes the upload again.',
  ],
  Entry: [
    'An entry is one mainfile and what processing made of it. The overview summarises material, method and properties; files shows the raw files; data browses the processed archive, in the metainfo and SI units; logs lists what processing reported.',
    'The API button on the overview shows how to get the same metadata and archive with a script.',
  ],
  Dataset: ['The entries of one dataset, searched like any other: the filters narrow them down.'],
  APIs: [
    'Everything this GUI shows comes from the APIs listed here, which scripts and notebooks can use as well. Unpublished data need an access token: log in and create an app token on this page.',
  ],
  'The NOMAD Metainfo': [
    'The metainfo defines every section and quantity an archive can hold, with its type, shape and unit. Browse it by package and section; schemas defined in uploads are listed as well.',
  ],
  'NOMAD Remote Tools Hub (NORTH)': [
    'Tools such as Jupyter run on this installation next to the data, with your uploads at hand. Start a tool, open it, and stop it when you are done.',
  ],
  Information: ['What this installation holds and offers, its version, and where to find help.'],
};
