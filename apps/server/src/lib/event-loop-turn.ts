/**
 * Lets timers, I/O and other requests run before the caller continues: long CPU work (reading a
 * file of 50,000 rows) is done in slices with one of these between them, so the server keeps answering.
 */
export const nextEventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
