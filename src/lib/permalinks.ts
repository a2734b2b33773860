// The two permalink forms of a published file, shared by the build (which prints them) and the
// server (which answers them). /r/{revision}/data/{path} names one sealed release. A file inside a
// release cannot print that revision (the revision hashes the file), so a PDF cites its data
// revision instead: /d/{data_revision}/data/{path}, which the server resolves to the newest sealed
// release built from those source revisions.

/** The permalink of a file of one sealed release. */
export const releasePermalink = (revision: string, path = ''): string =>
  `/r/${revision}/data/${path}`;

/** The permalink of a file by the data revision (source revisions) it was built from. */
export const dataRevisionPermalink = (dataRevision: string, path: string): string =>
  `/d/${dataRevision}/data/${path}`;
