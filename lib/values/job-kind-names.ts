// Job kind names that another domain's waiting rules refer to (lib/search/search-index-job.ts waits
// for imports), kept in a leaf so the search domain needn't import the imports domain.

export const IMPORT_JOB_KIND = "import";
