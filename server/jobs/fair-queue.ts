/** An owner with work waiting or running; `lastServed` is the turn at which its last work started. */
type Owner = { waiting: { start: () => void; arrived: number }[]; running: number; lastServed: number };

/**
 * Runs work a few at a time in this process, in turns by owner (a client's address): when a slot
 * frees, the owner served least recently goes next, and an owner never served goes first. One
 * owner's many files therefore delay another's single file by at most the work already running.
 */
export class FairQueue {
  private running = 0;
  private turn = 0;
  private readonly owners = new Map<string, Owner>();

  private readonly slots: number;

  constructor(slots: number) {
    this.slots = slots;
  }

  run<T>(owner: string, work: () => Promise<T>): Promise<T> {
    const entry = this.owners.get(owner) ?? { waiting: [], running: 0, lastServed: 0 };
    this.owners.set(owner, entry);
    const started = new Promise<void>((start) => entry.waiting.push({ start, arrived: ++this.turn }));
    this.startNext();
    return started.then(work).finally(() => {
      this.running--;
      entry.running--;
      if (entry.running === 0 && entry.waiting.length === 0) this.owners.delete(owner);
      this.startNext();
    });
  }

  private startNext(): void {
    while (this.running < this.slots) {
      let next: Owner | undefined;
      for (const entry of this.owners.values()) {
        if (entry.waiting.length === 0) continue;
        const sooner =
          !next ||
          entry.lastServed < next.lastServed ||
          (entry.lastServed === next.lastServed && entry.waiting[0]!.arrived < next.waiting[0]!.arrived);
        if (sooner) next = entry;
      }
      if (!next) return;
      this.running++;
      next.running++;
      next.lastServed = ++this.turn;
      next.waiting.shift()!.start();
    }
  }
}
