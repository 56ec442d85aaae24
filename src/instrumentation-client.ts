// Runs in the browser before the app's own code (Next's client instrumentation hook).
import { turnOffZodEvalProbe } from "@/lib/zod-without-eval";

// Set before the first schema is built, since each object schema probes when it is created; without
// importing zod, which most screens now load only when a form needs it.
turnOffZodEvalProbe();
