/**
 * Messages this process mailed while the database was away, so their
 * "delivered" could not be written: remembered (id → when it was sent)
 * until it can, so the message is recorded instead of mailed again. If the
 * process ends first, the message's lease runs out and it is sent once
 * more, with the same Message-ID, which mail clients show as one message.
 */
export function createUnrecordedDeliveries() {
  const sent = new Map<number, number>();
  return {
    remember(id: number, at: number): void {
      sent.set(id, at);
    },
    forget(id: number): void {
      sent.delete(id);
    },
    sentAt(id: number): number | undefined {
      return sent.get(id);
    },
    entries(): [number, number][] {
      return [...sent];
    },
    get size(): number {
      return sent.size;
    },
  };
}

export type UnrecordedDeliveries = ReturnType<typeof createUnrecordedDeliveries>;
