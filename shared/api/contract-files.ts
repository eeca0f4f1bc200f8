// Apart from the contract schemas (contracts.ts): the app's upload code loads with its first
// screen, and importing a value from a module of zod schemas builds all of them.

/** The multipart field of the n-th file of an upload: files-0, files-1, … */
export const contractFileField = (n: number) => `files-${n}`;
export const CONTRACT_FILE_FIELD = /^files-\d{1,3}$/;
/** How many files one upload request may carry. */
export const MAX_CONTRACT_FILES_PER_UPLOAD = 20;
