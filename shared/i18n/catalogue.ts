import type { MessageKey } from './en';

/** A language's catalogue: exactly the keys of the English source (en.ts), each an ICU message. */
export type Catalogue = Record<MessageKey, string>;
