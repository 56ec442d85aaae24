import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable, type Unsubscribable } from "@trpc/server/observable";
import type { AppRouter } from "@/server/api/root";
import { askForProof } from "./identity-prompt";

/** The server refused a sensitive change until the person proves who they are again (sudo mode). */
export function needsReauthentication(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { reauthenticate?: boolean } | undefined)?.reauthenticate === true;
}

/**
 * Every sensitive mutation, wherever it is sent from: when the server asks for a fresh proof, the
 * "Confirm it's you" prompt opens and, once answered, the same call is sent again; cancelling fails it as before.
 */
export const reauthenticateLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let subscription: Unsubscribable | null = null;
      let stopped = false;
      const send = (mayAsk: boolean) => {
        subscription = next(op).subscribe({
          next: (value) => observer.next(value),
          complete: () => observer.complete(),
          error: (error) => {
            if (!mayAsk || op.type !== "mutation" || !needsReauthentication(error)) return observer.error(error);
            void askForProof().then((proven) => {
              if (stopped) return;
              if (proven) send(false);
              else observer.error(error);
            });
          },
        });
      };
      send(true);
      return () => {
        stopped = true;
        subscription?.unsubscribe();
      };
    });
