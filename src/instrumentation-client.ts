// Runs in the browser before the app's own code (Next's client instrumentation hook).
import { z } from "zod";

// zod compiles object parsers with `new Function` when it may; probing for that is an eval the app's
// Content-Security-Policy refuses, and the browser reports it as a violation although zod catches it.
// Set before the first schema is built, since each object schema probes when it is created.
z.config({ jitless: true });
