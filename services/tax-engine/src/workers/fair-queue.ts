/** Whose a queued file is: the organisation it is computed for, and the user who asked. */
export interface TaskOwner {
  organisation: string;
  user: string;
}

/**
 * Files waiting for a worker, handed out round-robin between organisations and, within one, between its users
 * (each user's files in the order they came). One firm's thirty files then delay another firm's one file by at
 * most one file per firm ahead of it in the round, not by all thirty.
 *
 * The rounds are the insertion order of two Maps: the organisation (and its user) served goes to the back.
 */
export class FairQueue<T> {
  private readonly organisations = new Map<string, Map<string, T[]>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(owner: TaskOwner, item: T): void {
    let users = this.organisations.get(owner.organisation);
    if (users === undefined) this.organisations.set(owner.organisation, (users = new Map()));
    const items = users.get(owner.user);
    if (items === undefined) users.set(owner.user, [item]);
    else items.push(item);
    this.count++;
  }

  /** The item `shift` would answer, left in the queue. */
  peek(): T | undefined {
    const next = this.organisations.values().next();
    if (next.done) return undefined;
    return next.value.values().next().value![0];
  }

  /** The next item by the rounds, or undefined when none waits. */
  shift(): T | undefined {
    const next = this.organisations.entries().next();
    if (next.done) return undefined;
    const [organisation, users] = next.value;
    // An organisation is in the Map only while one of its users has an item waiting.
    const [user, items] = users.entries().next().value!;
    const item = items.shift()!;
    users.delete(user);
    if (items.length > 0) users.set(user, items);
    this.organisations.delete(organisation);
    if (users.size > 0) this.organisations.set(organisation, users);
    this.count--;
    return item;
  }

  /** Takes `item` out of the queue; false when it is not waiting. */
  remove(owner: TaskOwner, item: T): boolean {
    const users = this.organisations.get(owner.organisation);
    const items = users?.get(owner.user);
    const index = items?.indexOf(item) ?? -1;
    if (index < 0) return false;
    items!.splice(index, 1);
    if (items!.length === 0) users!.delete(owner.user);
    if (users!.size === 0) this.organisations.delete(owner.organisation);
    this.count--;
    return true;
  }

  /** Empties the queue, returning what waited. */
  drain(): T[] {
    const all: T[] = [];
    for (const users of this.organisations.values()) for (const items of users.values()) all.push(...items);
    this.organisations.clear();
    this.count = 0;
    return all;
  }
}
