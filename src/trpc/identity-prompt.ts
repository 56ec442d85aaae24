// The one "Confirm it's you" request the page has open: the reauthenticate link asks, the dialog answers.
type Listener = () => void;

let pending: { promise: Promise<boolean>; resolve: (proven: boolean) => void } | null = null;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

/** Resolves true once the person proved who they are, false when they cancelled; parallel asks share one prompt. */
export function askForProof(): Promise<boolean> {
  if (pending) return pending.promise;
  let resolve!: (proven: boolean) => void;
  const promise = new Promise<boolean>((done) => (resolve = done));
  pending = { promise, resolve };
  notify();
  return promise;
}

export function answerProof(proven: boolean): void {
  const current = pending;
  pending = null;
  current?.resolve(proven);
  notify();
}

export function isProofAsked(): boolean {
  return pending !== null;
}

export function onProofAsked(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
