import { Button } from "./button";
import { Spinner } from "./spinner";

/** A screen's data is on its way: a spinner and what is loading ('Loading design...'). */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 py-32 text-sm text-gray-500">
      <Spinner />
      {label}
    </div>
  );
}

/** A screen's data could not load: say so and offer a retry. */
export function LoadErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 py-24 text-center">
      <p className="text-gray-700">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
