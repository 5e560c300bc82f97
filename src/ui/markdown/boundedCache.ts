/**
 * A string-keyed cache that forgets its least recently used entries once it holds more
 * than `maxEntries` of them or more than `maxWeight` in all. It lives as long as the
 * page, so both limits matter: a long session has many small blocks and a few huge ones.
 */
export interface CacheLimits<V> {
  readonly maxEntries: number;
  readonly maxWeight: number;
  /** An entry's weight, e.g. its size in characters. */
  readonly weigh: (key: string, value: V) => number;
}

export class BoundedCache<V> {
  // A Map iterates in insertion order: re-inserting on use keeps the oldest first.
  readonly #entries = new Map<string, { value: V; weight: number }>();
  readonly #limits: CacheLimits<V>;
  #weight = 0;

  constructor(limits: CacheLimits<V>) {
    this.#limits = limits;
  }

  get size(): number {
    return this.#entries.size;
  }

  get weight(): number {
    return this.#weight;
  }

  /** The value, counted as a use. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** The value, without counting as a use. */
  peek(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const weight = this.#limits.weigh(key, value);
    // Larger than the whole cache: keeping it would only evict everything else.
    if (weight > this.#limits.maxWeight) return;
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    this.#evict();
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }

  #evict(): void {
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.#limits.maxEntries && this.#weight <= this.#limits.maxWeight) return;
      this.delete(key);
    }
  }
}
