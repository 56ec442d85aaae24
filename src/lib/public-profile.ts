import type { z } from "zod";
import type { publicProfileData } from "@/lib/openapi/schemas";
import type { DesignData } from "@/lib/schemas/design";
import type { PublicLink } from "@/lib/schemas/link";

export type { DesignData, PublicLink };

/** Everything the page renderer needs: one shape for the public page and the editor's preview. */
export type PublicProfileData = z.infer<typeof publicProfileData>;
