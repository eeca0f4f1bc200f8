import type { AuthUser } from '../auth/auth-user';

/** A JSON answer's compressed forms, as clients asked for them (see sendJson). */
export interface EncodedForms {
  get(encoding: string): Buffer | undefined;
  set(encoding: string, body: Buffer): void;
}

/** A kept JSON answer, as sent uncompressed, and its compressed forms. */
export interface KeptAnswer {
  json: Buffer;
  encoded: EncodedForms;
}

/** Where an answer is kept, and the generation of its institute the request read. */
export interface AnswerKey {
  key: string;
  generation: string;
}

interface Entry {
  key: string;
  generation: string;
  json: Buffer;
  forms: Map<string, Buffer>;
  bytes: number;
}

/**
 * JSON answers of one process kept per user, endpoint and query, each with the generation of its
 * institute it was read under (entity InstituteGeneration). A kept answer is given again only
 * while the generation the request's own sign-in statement read is the same: any change to what
 * the answer shows raised it in the change's own transaction, so an unchanged generation means
 * an unchanged answer, whichever process made the change. The role is part of the key (it
 * decides what a list shows); membership is checked by the generation being there at all (only
 * the user's own institutes have one). Least recently used answers go once `maxBytes` is reached.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Where `user`'s answer to `query` of `path` at `instituteId` is kept; null: not kept. */
  static keyOf(
    user: AuthUser,
    path: string,
    instituteId: number,
    query: unknown,
  ): AnswerKey | null {
    const generation = user.generations?.get(instituteId);
    if (generation === undefined) return null;
    return { key: JSON.stringify([user.id, user.role, path, instituteId, query]), generation };
  }

  /** The answer kept under `at`, if it was read under the same generation. */
  get(at: AnswerKey): KeptAnswer | undefined {
    const entry = this.entries.get(at.key);
    if (!entry) return undefined;
    this.drop(entry);
    if (entry.generation !== at.generation) return undefined;
    this.add(entry); // now the most recently used
    return this.answerOf(entry);
  }

  /** Keeps `json`, read under `at`'s generation (replacing what was kept there). */
  keep(at: AnswerKey, json: Buffer): KeptAnswer {
    const old = this.entries.get(at.key);
    if (old) this.drop(old);
    const entry: Entry = { ...at, json, forms: new Map(), bytes: json.length };
    this.add(entry);
    return this.answerOf(entry);
  }

  private answerOf(entry: Entry): KeptAnswer {
    return {
      json: entry.json,
      encoded: {
        get: (encoding) => entry.forms.get(encoding),
        set: (encoding, body) => {
          if (this.entries.get(entry.key) !== entry) return; // dropped meanwhile
          this.drop(entry);
          entry.forms.set(encoding, body);
          entry.bytes += body.length;
          this.add(entry);
        },
      },
    };
  }

  private add(entry: Entry): void {
    this.entries.set(entry.key, entry);
    this.bytes += entry.bytes;
    for (const oldest of this.entries.values()) {
      if (this.bytes <= this.maxBytes) return;
      this.drop(oldest);
    }
  }

  private drop(entry: Entry): void {
    this.entries.delete(entry.key);
    this.bytes -= entry.bytes;
  }
}
