/** At most `limit` holders at once; the others wait in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Runs `action` once a place is free, and frees it after, whatever happens. */
  async run<T>(action: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await action();
    } finally {
      const next = this.waiting.shift();
      // The place passes straight to the next waiter, so `active` stays the same.
      if (next) next();
      else this.active -= 1;
    }
  }
}
