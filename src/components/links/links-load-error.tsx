import { Button } from "@/components/ui/button";
import { LinksEmpty } from "./links-empty";

/** The list could not load: say so and offer a retry. */
export function LinksLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <LinksEmpty
      title="Couldn't load your links"
      hint="Check your connection and try again."
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
