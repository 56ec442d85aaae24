import type { PrismaClient } from "@/generated/prisma/client";
import { DESIGN_DEFAULTS } from "@/lib/design/normalize";
import { TEMPLATES } from "@/lib/design/templates";
import type { DesignData } from "@/lib/public-profile";
import type { TemplateName } from "@/lib/schemas/templates";

async function applyDesign(db: PrismaClient, profileId: string, values: DesignData): Promise<void> {
  await db.designSettings.upsert({ where: { profile_id: profileId }, create: { profile_id: profileId, ...values }, update: values });
}

/** Every field a template leaves alone comes back to its default, so a template is a whole design. */
export function applyTemplate(db: PrismaClient, profileId: string, template: TemplateName): Promise<void> {
  return applyDesign(db, profileId, { ...DESIGN_DEFAULTS, ...TEMPLATES[template] });
}

export function resetDesign(db: PrismaClient, profileId: string): Promise<void> {
  return applyDesign(db, profileId, DESIGN_DEFAULTS);
}
