import { createElement } from "react";
import { renderToString } from "react-dom/server";
import toast, { useToasterStore } from "react-hot-toast";
import { afterEach, describe, expect, it } from "vitest";
import { TOAST_OPTIONS } from "./toast-options";

/** Renders the toaster's store with the app's options and reads each toast's resolved duration. */
function resolvedDurations(): Record<string, number | undefined> {
  let durations: Record<string, number | undefined> = {};
  function Probe() {
    const { toasts } = useToasterStore(TOAST_OPTIONS);
    durations = Object.fromEntries(toasts.map((item) => [typeof item.message === "string" ? item.message : "", item.duration]));
    return null;
  }
  renderToString(createElement(Probe));
  return durations;
}

describe("toast options", () => {
  afterEach(() => toast.remove());

  it("keeps success toasts at 2 s and errors and plain messages at 4 s despite the top-level duration", () => {
    toast.success("saved");
    toast.error("failed");
    toast("note");
    toast.loading("working");
    expect(resolvedDurations()).toEqual({ saved: 2000, failed: 4000, note: 4000, working: Infinity });
  });

  it("lets one call ask for its own duration", () => {
    toast.success("custom", { duration: 5000 });
    expect(resolvedDurations()).toEqual({ custom: 5000 });
  });
});
