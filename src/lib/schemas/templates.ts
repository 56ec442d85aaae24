import { z } from "zod";
import { TEMPLATE_NAMES } from "./template-names";

export * from "./template-names";

export const templateInput = z.strictObject({ template: z.enum(TEMPLATE_NAMES, { error: "Unknown template" }) });
