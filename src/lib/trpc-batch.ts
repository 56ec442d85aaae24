/** The most procedure calls one tRPC request may batch: the client's link splits larger batches, the server answers 400 beyond. */
export const MAX_TRPC_BATCH = 25;
